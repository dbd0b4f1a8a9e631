// args: 60000
// test-args: 500
// C twin of regex.toy (Kernighan-Pike matcher checked by a token-set simulation).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static bool matchhere(const int32_t *re, int64_t r, const int32_t *text, int64_t t);
static bool matchstar(int32_t c, const int32_t *re, int64_t r, const int32_t *text, int64_t t);

static bool match(const int32_t *re, int64_t r, const int32_t *text, int64_t t) {
    if (re[r] == '^') return matchhere(re, r + 1, text, t);
    while (true) {
        if (matchhere(re, r, text, t)) return true;
        if (text[t] == 0) return false;
        t += 1;
    }
}

static bool matchhere(const int32_t *re, int64_t r, const int32_t *text, int64_t t) {
    if (re[r] == 0) return true;
    if (re[r + 1] == '*') return matchstar(re[r], re, r + 2, text, t);
    if (re[r] == '$' && re[r + 1] == 0) return text[t] == 0;
    if (text[t] != 0 && (re[r] == '.' || re[r] == text[t])) return matchhere(re, r + 1, text, t + 1);
    return false;
}

static bool matchstar(int32_t c, const int32_t *re, int64_t r, const int32_t *text, int64_t t) {
    while (true) {
        if (matchhere(re, r, text, t)) return true;
        if (text[t] == 0 || (text[t] != c && c != '.')) return false;
        t += 1;
    }
}

static int32_t tok_char[16];
static bool tok_star[16];
static bool set_a[17], set_b[17];

static void closure(bool *set, int64_t ntok) {
    for (int64_t k = 0; k < ntok; k += 1)
        if (set[k] && tok_star[k]) set[k + 1] = true;
}

static bool nfa_match(const int32_t *re, int64_t r, const int32_t *text, int64_t t) {
    bool *cur = set_a, *nxt = set_b;
    bool anchored = false;
    if (re[r] == '^') {
        anchored = true;
        r += 1;
    }
    int64_t ntok = 0;
    bool dollar = false;
    while (re[r] != 0) {
        if (re[r] == '$' && re[r + 1] == 0) {
            dollar = true;
            r += 1;
        } else {
            tok_char[ntok] = re[r];
            tok_star[ntok] = re[r + 1] == '*';
            if (tok_star[ntok]) r += 2;
            else r += 1;
            ntok += 1;
        }
    }
    for (int64_t k = 0; k <= ntok; k += 1) cur[k] = false;
    cur[0] = true;
    closure(cur, ntok);
    while (true) {
        if (cur[ntok] && (!dollar || text[t] == 0)) return true;
        int32_t c = text[t];
        if (c == 0) return false;
        for (int64_t k = 0; k <= ntok; k += 1) nxt[k] = false;
        for (int64_t k = 0; k < ntok; k += 1) {
            if (cur[k] && (tok_char[k] == '.' || tok_char[k] == c)) {
                if (tok_star[k]) nxt[k] = true;
                else nxt[k + 1] = true;
            }
        }
        if (!anchored) nxt[0] = true;
        closure(nxt, ntok);
        bool *swap = cur;
        cur = nxt;
        nxt = swap;
        t += 1;
    }
}

static uint64_t seed = 5;

static int64_t rnd(int64_t n) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (((int64_t)seed >> 33) & 0x7FFFFFFF) % n;
}

static int32_t letter(void) {
    int64_t x = rnd(10);
    if (x < 4) return 'a';
    else if (x < 7) return 'b';
    else if (x < 9) return 'c';
    return 'd';
}

int main(int argc, char **argv) {
    int64_t lines = atol(argv[1]);
    int64_t npat = 24;
    int32_t *pat = calloc(npat * 16, sizeof(int32_t));
    int64_t pat_start[24];
    int64_t p = 0;
    for (int64_t i = 0; i < npat; i += 1) {
        pat_start[i] = p;
        if (rnd(4) == 0) pat[p++] = '^';
        int64_t ntok = 1 + rnd(6);
        for (int64_t k = 0; k < ntok; k += 1) {
            if (rnd(5) == 0) pat[p] = '.';
            else pat[p] = letter();
            p += 1;
            if (rnd(3) == 0) pat[p++] = '*';
        }
        if (rnd(4) == 0) pat[p++] = '$';
        pat[p++] = 0;
    }
    int32_t text[128];
    int64_t counts[24] = {0};
    int64_t chars = 0;
    for (int64_t l = 0; l < lines; l += 1) {
        int64_t n = 30 + rnd(40);
        for (int64_t i = 0; i < n; i += 1) text[i] = letter();
        text[n] = 0;
        chars += n;
        for (int64_t i = 0; i < npat; i += 1) {
            bool m = match(pat, pat_start[i], text, 0);
            if (m != nfa_match(pat, pat_start[i], text, 0)) {
                printf("regex FAIL: pattern %ld line %ld\n", (long)i, (long)l);
                return 1;
            }
            if (m) counts[i] += 1;
        }
    }
    uint64_t check = 0;
    int64_t total = 0;
    for (int64_t i = 0; i < npat; i += 1) {
        check = check * 100003 + (uint64_t)counts[i];
        total += counts[i];
    }
    printf("regex %ld %ld %ld %ld\n", (long)lines, (long)chars, (long)total, (long)(int64_t)check);
    return 0;
}
