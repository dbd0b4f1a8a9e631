// args: 15000
// test-args: 200
// C twin of bytecode.toy (a stack-machine bytecode interpreter).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

enum { OP_HALT, OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_LT, OP_JMP, OP_JZ, OP_CALL, OP_RET,
       OP_DUP, OP_POP, OP_MOD, OP_EQ, OP_NOT };

static int64_t prog[512];
static int64_t here = 0;
static int64_t labels[16], fix_at[64], fix_label[64];
static int64_t fixes = 0;

static void op(int64_t o) { prog[here++] = o; }

static void op1(int64_t o, int64_t arg) {
    prog[here] = o;
    prog[here + 1] = arg;
    here += 2;
}

static void op_label(int64_t o, int64_t label) {
    prog[here] = o;
    fix_at[fixes] = here + 1;
    fix_label[fixes] = label;
    fixes += 1;
    here += 2;
}

static void call(int64_t label, int64_t nargs) {
    op_label(OP_CALL, label);
    prog[here++] = nargs;
}

static void mark(int64_t label) { labels[label] = here; }

static void assemble(void) {
    enum { L_FIB, L_FIB_REC, L_GCD, L_GCD_LOOP, L_GCD_END, L_MAIN_LOOP, L_MAIN_END };
    op1(OP_PUSH, 0);
    op1(OP_PUSH, 1);
    mark(L_MAIN_LOOP);
    op1(OP_LOAD, 2);
    op1(OP_LOAD, 0);
    op1(OP_PUSH, 1);
    op(OP_ADD);
    op(OP_LT);
    op_label(OP_JZ, L_MAIN_END);
    op1(OP_LOAD, 1);
    op1(OP_LOAD, 2);
    op1(OP_PUSH, 20);
    op(OP_MOD);
    call(L_FIB, 1);
    op(OP_ADD);
    op1(OP_LOAD, 2);
    op1(OP_PUSH, 7919);
    op(OP_MUL);
    op1(OP_PUSH, 10007);
    op(OP_MOD);
    op1(OP_LOAD, 2);
    call(L_GCD, 2);
    op(OP_ADD);
    op1(OP_STORE, 1);
    op1(OP_LOAD, 2);
    op1(OP_PUSH, 1);
    op(OP_ADD);
    op1(OP_STORE, 2);
    op_label(OP_JMP, L_MAIN_LOOP);
    mark(L_MAIN_END);
    op1(OP_LOAD, 1);
    op(OP_HALT);
    mark(L_FIB);
    op1(OP_LOAD, 0);
    op1(OP_PUSH, 2);
    op(OP_LT);
    op_label(OP_JZ, L_FIB_REC);
    op1(OP_LOAD, 0);
    op(OP_RET);
    mark(L_FIB_REC);
    op1(OP_LOAD, 0);
    op1(OP_PUSH, 1);
    op(OP_SUB);
    call(L_FIB, 1);
    op1(OP_LOAD, 0);
    op1(OP_PUSH, 2);
    op(OP_SUB);
    call(L_FIB, 1);
    op(OP_ADD);
    op(OP_RET);
    mark(L_GCD);
    mark(L_GCD_LOOP);
    op1(OP_LOAD, 1);
    op1(OP_PUSH, 0);
    op(OP_EQ);
    op(OP_NOT);
    op_label(OP_JZ, L_GCD_END);
    op1(OP_LOAD, 0);
    op1(OP_LOAD, 1);
    op(OP_MOD);
    op1(OP_LOAD, 1);
    op1(OP_STORE, 0);
    op1(OP_STORE, 1);
    op_label(OP_JMP, L_GCD_LOOP);
    mark(L_GCD_END);
    op1(OP_LOAD, 0);
    op(OP_RET);
    for (int64_t i = 0; i < fixes; i += 1) prog[fix_at[i]] = labels[fix_label[i]];
}

static int64_t steps = 0;

static int64_t run(int64_t n) {
    int64_t *stack = calloc(4096, 8), *ret_pc = calloc(1024, 8), *ret_fp = calloc(1024, 8);
    int64_t csp = 0, sp = 0, fp = 0, pc = 0;
    stack[sp++] = n;
    while (1) {
        int64_t o = prog[pc];
        steps += 1;
        if (o == OP_PUSH) {
            stack[sp++] = prog[pc + 1];
            pc += 2;
        } else if (o == OP_LOAD) {
            stack[sp] = stack[fp + prog[pc + 1]];
            sp += 1;
            pc += 2;
        } else if (o == OP_STORE) {
            sp -= 1;
            stack[fp + prog[pc + 1]] = stack[sp];
            pc += 2;
        } else if (o == OP_ADD) {
            sp -= 1;
            stack[sp - 1] += stack[sp];
            pc += 1;
        } else if (o == OP_SUB) {
            sp -= 1;
            stack[sp - 1] -= stack[sp];
            pc += 1;
        } else if (o == OP_MUL) {
            sp -= 1;
            stack[sp - 1] *= stack[sp];
            pc += 1;
        } else if (o == OP_MOD) {
            sp -= 1;
            stack[sp - 1] %= stack[sp];
            pc += 1;
        } else if (o == OP_LT) {
            sp -= 1;
            stack[sp - 1] = stack[sp - 1] < stack[sp] ? 1 : 0;
            pc += 1;
        } else if (o == OP_EQ) {
            sp -= 1;
            stack[sp - 1] = stack[sp - 1] == stack[sp] ? 1 : 0;
            pc += 1;
        } else if (o == OP_NOT) {
            stack[sp - 1] = stack[sp - 1] == 0 ? 1 : 0;
            pc += 1;
        } else if (o == OP_JMP) {
            pc = prog[pc + 1];
        } else if (o == OP_JZ) {
            sp -= 1;
            if (stack[sp] == 0) pc = prog[pc + 1];
            else pc += 2;
        } else if (o == OP_CALL) {
            ret_pc[csp] = pc + 3;
            ret_fp[csp] = fp;
            csp += 1;
            fp = sp - prog[pc + 2];
            pc = prog[pc + 1];
        } else if (o == OP_RET) {
            int64_t result = stack[sp - 1];
            sp = fp;
            csp -= 1;
            fp = ret_fp[csp];
            pc = ret_pc[csp];
            stack[sp++] = result;
        } else if (o == OP_DUP) {
            stack[sp] = stack[sp - 1];
            sp += 1;
            pc += 1;
        } else if (o == OP_POP) {
            sp -= 1;
            pc += 1;
        } else if (o == OP_HALT) {
            return stack[sp - 1];
        } else {
            printf("bytecode FAIL: bad opcode %ld at %ld\n", (long)o, (long)pc);
            return -1;
        }
    }
}

static int64_t fib(int64_t n) {
    if (n < 2) return n;
    return fib(n - 1) + fib(n - 2);
}

static int64_t gcd(int64_t a, int64_t b) {
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv) {
    int64_t n = atol(argv[1]);
    assemble();
    int64_t got = run(n);
    int64_t want = 0;
    for (int64_t i = 1; i <= n; i += 1) want += fib(i % 20) + gcd(i * 7919 % 10007, i);
    if (got != want) {
        printf("bytecode FAIL: interpreted %ld direct %ld\n", (long)got, (long)want);
        return 1;
    }
    printf("bytecode %ld %ld %ld %ld\n", (long)n, (long)here, (long)got, (long)steps);
    return 0;
}
