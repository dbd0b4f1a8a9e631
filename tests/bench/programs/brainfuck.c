// args: 8000
// test-args: 60
// C twin of brainfuck.toy (an interpreter running a generated program).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

static int32_t *code;
static int64_t code_len = 0;

static void emit(int32_t c) { code[code_len++] = c; }

static void emit_n(int32_t c, int64_t n) {
    for (int64_t i = 0; i < n; i += 1) emit(c);
}

static uint64_t seed = 777;

static int64_t rnd(int64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (((int64_t)seed >> 33) & 0x7FFFFFFF) % n;
}

int main(int argc, char **argv) {
    int64_t segments = atol(argv[1]);
    int64_t *input = calloc(segments, 8), *expect = calloc(segments, 8);
    code = calloc(segments * 120 + 16, sizeof(int32_t));
    for (int64_t s = 0; s < segments; s += 1) {
        int64_t a = 1 + rnd(255);
        int64_t b = 1 + rnd(64);
        int64_t c = 1 + rnd(16);
        input[s] = a;
        expect[s] = (a * b * c) & 255;
        emit(',');
        emit('[');
        emit('>');
        emit_n('+', b);
        emit('[');
        emit('>');
        emit_n('+', c);
        emit('<');
        emit('-');
        emit(']');
        emit('<');
        emit('-');
        emit(']');
        emit('>');
        emit('>');
        emit('.');
        emit('[');
        emit('-');
        emit(']');
        emit('<');
        emit('<');
    }
    int64_t *jump = calloc(code_len, 8), *stack = calloc(code_len, 8);
    int64_t sp = 0;
    for (int64_t pc = 0; pc < code_len; pc += 1) {
        if (code[pc] == '[') {
            stack[sp++] = pc;
        } else if (code[pc] == ']') {
            sp -= 1;
            int64_t open = stack[sp];
            jump[open] = pc;
            jump[pc] = open;
        }
    }
    int32_t *tape = calloc(30000, sizeof(int32_t));
    int64_t *output = calloc(segments, 8);
    int64_t out_len = 0, in_pos = 0, ptr = 0, pc = 0, steps = 0;
    while (pc < code_len) {
        int32_t op = code[pc];
        if (op == '+') {
            tape[ptr] = (tape[ptr] + 1) & 255;
        } else if (op == '-') {
            tape[ptr] = (tape[ptr] - 1) & 255;
        } else if (op == '>') {
            ptr += 1;
        } else if (op == '<') {
            ptr -= 1;
        } else if (op == '[') {
            if (tape[ptr] == 0) pc = jump[pc];
        } else if (op == ']') {
            if (tape[ptr] != 0) pc = jump[pc];
        } else if (op == '.') {
            output[out_len++] = tape[ptr];
        } else if (op == ',') {
            tape[ptr] = (int32_t)input[in_pos++];
        }
        pc += 1;
        steps += 1;
    }
    if (out_len != segments) {
        printf("brainfuck FAIL: printed %ld bytes\n", (long)out_len);
        return 1;
    }
    uint64_t check = 0;
    for (int64_t s = 0; s < segments; s += 1) {
        if (output[s] != expect[s]) {
            printf("brainfuck FAIL: segment %ld printed %ld expected %ld\n", (long)s, (long)output[s], (long)expect[s]);
            return 1;
        }
        check = check * 257 + (uint64_t)output[s];
    }
    printf("brainfuck %ld %ld %ld %ld\n", (long)segments, (long)code_len, (long)steps, (long)(int64_t)check);
    return 0;
}
