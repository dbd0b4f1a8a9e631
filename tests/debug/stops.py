# gdb script for TestDebugDifferential: a breakpoint on every line of the
# program's file that has code, then run; at each stop print one record
# per variable in scope (the innermost block outwards to the function's),
# with the stop's function, line, depth (the frames on the stack, inlined
# calls counted as gdb shows them), call site (the caller's line) and how
# many times the program has stopped at that function, line, depth and
# site:
#   STOP func line #depth@site/path n
#   VAR name decl_line value
# The depth tells the invocations of a recursive function apart: an
# inlined copy of it may stop at fewer lines than a call does, and the
# n-th stop at a line would then be another invocation's in each build.
# The site tells calls from different places apart: an inlined call whose
# code for a line was folded away stops there once less, and the next
# call's stop would be paired with it (seed 1740008). The path numbers
# the invocations: at each level of the stack, the i-th call from that
# site made by the caller's invocation, so that stops are counted per
# invocation: a fully unrolled loop's line stops once per call at -O2 and
# once per iteration at -O0, and the next call's stop there would be
# paired with the first call's second (seed 5400442). A frame is the same
# invocation as at the previous stop if the previous stop had the same
# functions and sites from the outermost frame down to it, and the same
# call: the return address of a called frame, the inlined block of an
# inlined one. A stop in a caller in between means it returned; so does a
# call with another return address or block, since two calls on one line
# (f4(f4(...)), seed 5501802) reach the callee one after the other with
# no stop in the caller between, and an inlined copy of the first whose
# code for some line was folded would otherwise be counted with the
# second.
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
calls = {}
prevchain, previdents, path = [], [], []


def ident(f):
    """The call f's frame is an invocation of: the block of its inlined
    subroutine, or the address its caller resumes at."""
    try:
        if f.type() == gdb.INLINE_FRAME:
            b = f.block()
            while b is not None and b.function is None:
                b = b.superblock
            return ("inlined", b.start if b is not None else 0)
        older = f.older()
        return ("called", older.pc() if older is not None else 0)
    except (gdb.error, RuntimeError):
        return None

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
    # Each frame's function and call site (the line its caller, for an
    # inlined call the function it was inlined into, is at; 0 where it
    # has none), outermost first.
    chain, idents = [], []
    f = frame
    while f is not None:
        older = f.older()
        site = 0
        if older is not None:
            osal = older.find_sal()
            if osal.symtab is not None:
                site = osal.line
        chain.append((f.name() or "?", site))
        idents.append(ident(f))
        f = older
    chain.reverse()
    idents.reverse()
    depth, site = len(chain), chain[-1][1]
    same = 0
    while same < min(len(chain), len(prevchain)) and chain[same] == prevchain[same] and idents[same] == previdents[same]:
        same += 1
    path = path[:same]
    for level in range(same, depth):
        call = (tuple(path), chain[level])
        calls[call] = calls.get(call, 0) + 1
        path.append(calls[call])
    prevchain, previdents = chain, idents
    where = "%s %d #%d@%d/%s" % (fn, sal.line, depth, site, ".".join(map(str, path)))
    count[where] = count.get(where, 0) + 1
    print("STOP %s %d" % (where, count[where]))
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
