# gdb script for TestDebugDifferential: a breakpoint on every line of the
# program's file that has code, then run; at each stop print one record
# per variable in scope (the innermost block outwards to the function's),
# with the stop's function, line, depth (the frames on the stack, inlined
# calls counted as gdb shows them), call site (the caller's line) and how
# many times the program has stopped at that function, line, depth and
# site:
#   STOP func line #depth@site n
#   VAR name decl_line value
# The depth tells the invocations of a recursive function apart: an
# inlined copy of it may stop at fewer lines than a call does, and the
# n-th stop at a line would then be another invocation's in each build.
# The site tells calls from different places apart: an inlined call whose
# code for a line was folded away stops there once less, and the next
# call's stop would be paired with it (seed 1740008).
# Pointers are left out (stack addresses differ between builds), and a
# variable gdb cannot read is <optimized out>. At most MAXSTOPS stops.
import gdb

MAXSTOPS = 200
gdb.execute("set pagination off")
gdb.execute("set print elements 50")
src = gdb.parameter("args") or ""
source = gdb.convenience_variable("toysrc")
source = source.string() if source is not None else ""
lines = open(source).read().count("\n") + 1
for l in range(1, lines + 1):
    try:
        gdb.execute("break %s:%d" % (source, l), to_string=True)
    except gdb.error:
        pass
count = {}
stops = 0
try:
    gdb.execute("run", to_string=True)
except gdb.error:
    pass
while stops < MAXSTOPS:
    try:
        frame = gdb.selected_frame()
    except gdb.error:
        break
    sal = frame.find_sal()
    if sal.symtab is None:
        break
    fn = frame.name() or "?"
    depth = 0
    f = frame
    while f is not None:
        depth += 1
        f = f.older()
    # The call site: the line the caller (for an inlined call, the
    # function it was inlined into) is at, 0 where it has none.
    site = 0
    older = frame.older()
    if older is not None:
        osal = older.find_sal()
        if osal.symtab is not None:
            site = osal.line
    key = (fn, sal.line, depth, site)
    count[key] = count.get(key, 0) + 1
    print("STOP %s %d #%d@%d %d" % (fn, sal.line, depth, site, count[key]))
    try:
        block = frame.block()
    except RuntimeError:
        block = None
    while block is not None:
        for sym in block:
            if not (sym.is_variable or sym.is_argument):
                continue
            if sym.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
                continue
            try:
                v = sym.value(frame)
                s = "<optimized out>" if v.is_optimized_out else str(v)
            except (gdb.error, gdb.MemoryError) as e:
                s = "<error>"
            print("VAR %s %d %s" % (sym.name, sym.line, s))
        if block.function is not None:
            break
        block = block.superblock
    stops += 1
    try:
        gdb.execute("continue", to_string=True)
    except gdb.error:
        break
