// args: 300
// test-args: 3
// C twin of json.toy (parse a generated JSON document into a DOM of arrays).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int32_t *buf;
static int64_t buf_len = 0;
static uint64_t seed = 4711;

static int64_t rnd(int64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (((int64_t)seed >> 33) & 0x7FFFFFFF) % n;
}

static void put(int32_t c) { buf[buf_len++] = c; }

static void ws(void) {
    int64_t r = rnd(8);
    if (r == 0) {
        put(' ');
    } else if (r == 1) {
        put('\n');
        put(' ');
        put(' ');
    }
}

static void put_number(int64_t v) {
    if (v >= 10) put_number(v / 10);
    put((int32_t)('0' + v % 10));
}

static int32_t hex_digit(int64_t d) {
    if (d < 10) return (int32_t)('0' + d);
    return (int32_t)('a' + d - 10);
}

enum { S_OBJECTS, S_ARRAYS, S_STRINGS, S_NUMBERS, S_LITERALS, S_INT_SUM, S_FRAC_SUM, S_EXP_SUM, S_HASH, S_KEYS,
       S_DEPTH, NSTATS };
static int64_t stats[NSTATS];

static int64_t gen_string(void) {
    uint64_t h = 7;
    put('"');
    int64_t n = rnd(13);
    for (int64_t i = 0; i < n; i += 1) {
        int32_t c = (int32_t)('a' + rnd(26));
        if (rnd(16) == 0) {
            int64_t e = rnd(4);
            put('\\');
            if (e == 0) {
                c = '"';
                put('"');
            } else if (e == 1) {
                c = '\\';
                put('\\');
            } else if (e == 2) {
                c = '\n';
                put('n');
            } else {
                c = (int32_t)('A' + rnd(26));
                put('u');
                put('0');
                put('0');
                put(hex_digit(c / 16));
                put(hex_digit(c % 16));
            }
        } else {
            put(c);
        }
        h = h * 31 + (uint64_t)(int64_t)c;
    }
    put('"');
    return (int64_t)h;
}

static void gen_value(int64_t depth) {
    if (depth > stats[S_DEPTH]) stats[S_DEPTH] = depth;
    int64_t r = rnd(100);
    if (depth == 0 || (depth < 5 && r < 15)) {
        stats[S_OBJECTS] += 1;
        put('{');
        int64_t n = 1 + rnd(6);
        for (int64_t i = 0; i < n; i += 1) {
            if (i > 0) put(',');
            ws();
            stats[S_KEYS] = (int64_t)((uint64_t)stats[S_KEYS] + (uint64_t)gen_string());
            ws();
            put(':');
            ws();
            gen_value(depth + 1);
            ws();
        }
        put('}');
    } else if (depth < 5 && r < 30) {
        stats[S_ARRAYS] += 1;
        put('[');
        int64_t n = rnd(9);
        for (int64_t i = 0; i < n; i += 1) {
            if (i > 0) put(',');
            ws();
            gen_value(depth + 1);
            ws();
        }
        put(']');
    } else if (r < 55) {
        stats[S_STRINGS] += 1;
        stats[S_HASH] = (int64_t)((uint64_t)stats[S_HASH] + (uint64_t)gen_string());
    } else if (r < 85) {
        stats[S_NUMBERS] += 1;
        int64_t v = rnd(100000);
        if (rnd(4) == 0) {
            put('-');
            v = -v;
            put_number(-v);
        } else {
            put_number(v);
        }
        stats[S_INT_SUM] += v;
        if (rnd(3) == 0) {
            put('.');
            int64_t digits = 1 + rnd(4);
            int64_t f = 0;
            for (int64_t i = 0; i < digits; i += 1) {
                int64_t d = rnd(10);
                put((int32_t)('0' + d));
                f = f * 10 + d;
            }
            stats[S_FRAC_SUM] += f;
        }
        if (rnd(10) == 0) {
            put('e');
            int64_t e = rnd(20);
            if (rnd(2) == 0) {
                put('-');
                e = -e;
                put_number(-e);
            } else {
                put('+');
                put_number(e);
            }
            stats[S_EXP_SUM] += e;
        }
    } else {
        stats[S_LITERALS] += 1;
        int64_t k = rnd(3);
        if (k == 0) {
            put('t'); put('r'); put('u'); put('e');
        } else if (k == 1) {
            put('f'); put('a'); put('l'); put('s'); put('e');
        } else {
            put('n'); put('u'); put('l'); put('l');
        }
    }
}

enum { K_OBJECT = 1, K_ARRAY, K_STRING, K_NUMBER, K_TRUE, K_FALSE, K_NULL };
static int64_t *kind, *value, *frac, *expo, *key, *first, *next;
static int64_t nodes = 0, pos = 0;
static bool failed = false;

static int64_t new_node(int64_t k) {
    nodes += 1;
    kind[nodes] = k;
    value[nodes] = 0;
    frac[nodes] = 0;
    expo[nodes] = 0;
    key[nodes] = 0;
    first[nodes] = 0;
    next[nodes] = 0;
    return nodes;
}

static void skip_ws(void) {
    while (pos < buf_len && (buf[pos] == ' ' || buf[pos] == '\n' || buf[pos] == '\t' || buf[pos] == '\r')) pos += 1;
}

static int64_t fail(void) {
    failed = true;
    return 0;
}

static int64_t hex_value(int32_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    else if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    failed = true;
    return 0;
}

static int64_t parse_string(void) {
    if (buf[pos] != '"') return fail();
    pos += 1;
    uint64_t h = 7;
    while (buf[pos] != '"') {
        int32_t c = buf[pos];
        if (c == '\\') {
            pos += 1;
            int32_t e = buf[pos];
            if (e == '"' || e == '\\' || e == '/') {
                c = e;
            } else if (e == 'n') {
                c = '\n';
            } else if (e == 't') {
                c = '\t';
            } else if (e == 'u') {
                int64_t v = 0;
                for (int64_t i = 0; i < 4; i += 1) {
                    pos += 1;
                    v = v * 16 + hex_value(buf[pos]);
                }
                c = (int32_t)v;
            } else {
                return fail();
            }
        }
        h = h * 31 + (uint64_t)(int64_t)c;
        pos += 1;
    }
    pos += 1;
    return (int64_t)h;
}

static bool expect_word(int32_t w0, int32_t w1, int32_t w2, int32_t w3, int32_t w4, int64_t n) {
    if (buf[pos] != w0 || buf[pos + 1] != w1 || buf[pos + 2] != w2 || buf[pos + 3] != w3) return false;
    if (n == 5 && buf[pos + 4] != w4) return false;
    pos += n;
    return true;
}

static int64_t parse_digits(void) {
    int64_t v = 0;
    if (buf[pos] < '0' || buf[pos] > '9') return fail();
    while (buf[pos] >= '0' && buf[pos] <= '9') {
        v = v * 10 + (buf[pos] - '0');
        pos += 1;
    }
    return v;
}

static int64_t parse_number(void) {
    int64_t node = new_node(K_NUMBER);
    bool negative = false;
    if (buf[pos] == '-') {
        negative = true;
        pos += 1;
    }
    int64_t v = parse_digits();
    if (negative) v = -v;
    value[node] = v;
    if (buf[pos] == '.') {
        pos += 1;
        frac[node] = parse_digits();
    }
    if (buf[pos] == 'e' || buf[pos] == 'E') {
        pos += 1;
        bool neg_exp = false;
        if (buf[pos] == '-') {
            neg_exp = true;
            pos += 1;
        } else if (buf[pos] == '+') {
            pos += 1;
        }
        int64_t e = parse_digits();
        if (neg_exp) e = -e;
        expo[node] = e;
    }
    return node;
}

static int64_t parse_value(void) {
    skip_ws();
    int32_t c = buf[pos];
    if (c == '{') {
        int64_t node = new_node(K_OBJECT);
        pos += 1;
        skip_ws();
        if (buf[pos] == '}') {
            pos += 1;
            return node;
        }
        int64_t last = 0;
        while (true) {
            skip_ws();
            int64_t k = parse_string();
            skip_ws();
            if (buf[pos] != ':') return fail();
            pos += 1;
            int64_t child = parse_value();
            if (failed) return 0;
            key[child] = k;
            if (last == 0) first[node] = child;
            else next[last] = child;
            last = child;
            skip_ws();
            if (buf[pos] == ',') {
                pos += 1;
            } else if (buf[pos] == '}') {
                pos += 1;
                return node;
            } else {
                return fail();
            }
        }
    } else if (c == '[') {
        int64_t node = new_node(K_ARRAY);
        pos += 1;
        skip_ws();
        if (buf[pos] == ']') {
            pos += 1;
            return node;
        }
        int64_t last = 0;
        while (true) {
            int64_t child = parse_value();
            if (failed) return 0;
            if (last == 0) first[node] = child;
            else next[last] = child;
            last = child;
            skip_ws();
            if (buf[pos] == ',') {
                pos += 1;
            } else if (buf[pos] == ']') {
                pos += 1;
                return node;
            } else {
                return fail();
            }
        }
    } else if (c == '"') {
        int64_t node = new_node(K_STRING);
        value[node] = parse_string();
        return node;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        return parse_number();
    } else if (expect_word('t', 'r', 'u', 'e', ' ', 4)) {
        return new_node(K_TRUE);
    } else if (expect_word('f', 'a', 'l', 's', 'e', 5)) {
        return new_node(K_FALSE);
    } else if (expect_word('n', 'u', 'l', 'l', ' ', 4)) {
        return new_node(K_NULL);
    }
    return fail();
}

static void walk(int64_t node, int64_t depth, int64_t *got) {
    if (depth > got[S_DEPTH]) got[S_DEPTH] = depth;
    int64_t k = kind[node];
    if (k == K_OBJECT || k == K_ARRAY) {
        if (k == K_OBJECT) got[S_OBJECTS] += 1;
        else got[S_ARRAYS] += 1;
        int64_t child = first[node];
        while (child != 0) {
            if (k == K_OBJECT) got[S_KEYS] = (int64_t)((uint64_t)got[S_KEYS] + (uint64_t)key[child]);
            walk(child, depth + 1, got);
            child = next[child];
        }
    } else if (k == K_STRING) {
        got[S_STRINGS] += 1;
        got[S_HASH] = (int64_t)((uint64_t)got[S_HASH] + (uint64_t)value[node]);
    } else if (k == K_NUMBER) {
        got[S_NUMBERS] += 1;
        got[S_INT_SUM] += value[node];
        got[S_FRAC_SUM] += frac[node];
        got[S_EXP_SUM] += expo[node];
    } else {
        got[S_LITERALS] += 1;
    }
}

int main(int argc, char **argv) {
    int64_t iterations = atol(argv[1]);
    int64_t records = 1500;
    buf = calloc(records * 4096, sizeof(int32_t));
    put('[');
    for (int64_t i = 0; i < records; i += 1) {
        if (i > 0) {
            put(',');
            put('\n');
        }
        gen_value(0);
    }
    put(']');
    stats[S_ARRAYS] += 1;
    put(0);
    int64_t cap = buf_len / 2 + 16;
    kind = calloc(cap, 8); value = calloc(cap, 8); frac = calloc(cap, 8); expo = calloc(cap, 8);
    key = calloc(cap, 8); first = calloc(cap, 8); next = calloc(cap, 8);
    int64_t got[NSTATS];
    int64_t check = 0;
    for (int64_t it = 0; it < iterations; it += 1) {
        nodes = 0;
        pos = 0;
        int64_t root = parse_value();
        skip_ws();
        if (failed || buf[pos] != 0) {
            printf("json FAIL: parse error at %ld\n", (long)pos);
            return 1;
        }
        for (int64_t i = 0; i < NSTATS; i += 1) got[i] = 0;
        walk(root, 0, got);
        for (int64_t i = 0; i < NSTATS; i += 1) {
            int64_t want = stats[i];
            if (i == S_DEPTH) want += 1;
            if (got[i] != want) {
                printf("json FAIL: statistic %ld is %ld expected %ld\n", (long)i, (long)got[i], (long)want);
                return 1;
            }
        }
        check += nodes;
    }
    printf("json %ld %ld %ld %ld %ld %ld %ld %ld\n", (long)iterations, (long)buf_len, (long)nodes, (long)stats[S_OBJECTS],
           (long)stats[S_STRINGS], (long)stats[S_INT_SUM], (long)stats[S_HASH], (long)check);
    return 0;
}
