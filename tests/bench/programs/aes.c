// args: 200000
// test-args: 500
// C twin of aes.toy (AES-128, byte-oriented, CBC encrypt and decrypt).
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <stdbool.h>

static int64_t sbox[256], inv_sbox[256], round_keys[176], state[16], tmp[16];

static int64_t xtime(int64_t b) { return ((b << 1) ^ ((b >> 7) * 0x1b)) & 0xFF; }

static int64_t gmul(int64_t a, int64_t b) {
    int64_t p = 0;
    while (b != 0) {
        if ((b & 1) != 0) p ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return p;
}

static int64_t rotl8(int64_t x, int64_t n) { return ((x << n) | (x >> (8 - n))) & 0xFF; }

static void init_sbox(void) {
    int64_t exp[256] = {0}, log[256] = {0};
    int64_t p = 1;
    for (int64_t i = 0; i < 255; i += 1) {
        exp[i] = p;
        log[p] = i;
        p ^= xtime(p);
    }
    for (int64_t x = 0; x < 256; x += 1) {
        int64_t inv = 0;
        if (x != 0) inv = exp[(255 - log[x]) % 255];
        int64_t s = inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63;
        sbox[x] = s;
        inv_sbox[s] = x;
    }
}

static void expand_key(const int64_t *key) {
    for (int64_t i = 0; i < 16; i += 1) round_keys[i] = key[i];
    int64_t rcon = 1;
    for (int64_t i = 4; i < 44; i += 1) {
        int64_t t0 = round_keys[4 * (i - 1)], t1 = round_keys[4 * (i - 1) + 1];
        int64_t t2 = round_keys[4 * (i - 1) + 2], t3 = round_keys[4 * (i - 1) + 3];
        if (i % 4 == 0) {
            int64_t r = t0;
            t0 = sbox[t1] ^ rcon;
            t1 = sbox[t2];
            t2 = sbox[t3];
            t3 = sbox[r];
            rcon = xtime(rcon);
        }
        round_keys[4 * i] = round_keys[4 * (i - 4)] ^ t0;
        round_keys[4 * i + 1] = round_keys[4 * (i - 4) + 1] ^ t1;
        round_keys[4 * i + 2] = round_keys[4 * (i - 4) + 2] ^ t2;
        round_keys[4 * i + 3] = round_keys[4 * (i - 4) + 3] ^ t3;
    }
}

static void add_round_key(int64_t round) {
    for (int64_t i = 0; i < 16; i += 1) state[i] ^= round_keys[16 * round + i];
}

static void sub_bytes(const int64_t *box) {
    for (int64_t i = 0; i < 16; i += 1) state[i] = box[state[i]];
}

static void shift_rows(bool inverse) {
    for (int64_t i = 0; i < 16; i += 1) tmp[i] = state[i];
    for (int64_t r = 1; r < 4; r += 1)
        for (int64_t c = 0; c < 4; c += 1) {
            int64_t from = (c + r) % 4;
            if (inverse) from = (c + 4 - r) % 4;
            state[r + 4 * c] = tmp[r + 4 * from];
        }
}

static void mix_columns(void) {
    for (int64_t c = 0; c < 4; c += 1) {
        int64_t a0 = state[4 * c], a1 = state[4 * c + 1], a2 = state[4 * c + 2], a3 = state[4 * c + 3];
        state[4 * c] = xtime(a0) ^ (xtime(a1) ^ a1) ^ a2 ^ a3;
        state[4 * c + 1] = a0 ^ xtime(a1) ^ (xtime(a2) ^ a2) ^ a3;
        state[4 * c + 2] = a0 ^ a1 ^ xtime(a2) ^ (xtime(a3) ^ a3);
        state[4 * c + 3] = (xtime(a0) ^ a0) ^ a1 ^ a2 ^ xtime(a3);
    }
}

static void inv_mix_columns(void) {
    for (int64_t c = 0; c < 4; c += 1) {
        int64_t a0 = state[4 * c], a1 = state[4 * c + 1], a2 = state[4 * c + 2], a3 = state[4 * c + 3];
        state[4 * c] = gmul(a0, 14) ^ gmul(a1, 11) ^ gmul(a2, 13) ^ gmul(a3, 9);
        state[4 * c + 1] = gmul(a0, 9) ^ gmul(a1, 14) ^ gmul(a2, 11) ^ gmul(a3, 13);
        state[4 * c + 2] = gmul(a0, 13) ^ gmul(a1, 9) ^ gmul(a2, 14) ^ gmul(a3, 11);
        state[4 * c + 3] = gmul(a0, 11) ^ gmul(a1, 13) ^ gmul(a2, 9) ^ gmul(a3, 14);
    }
}

static void encrypt_block(void) {
    add_round_key(0);
    for (int64_t round = 1; round < 10; round += 1) {
        sub_bytes(sbox);
        shift_rows(false);
        mix_columns();
        add_round_key(round);
    }
    sub_bytes(sbox);
    shift_rows(false);
    add_round_key(10);
}

static void decrypt_block(void) {
    add_round_key(10);
    for (int64_t round = 9; round >= 1; round -= 1) {
        shift_rows(true);
        sub_bytes(inv_sbox);
        add_round_key(round);
        inv_mix_columns();
    }
    shift_rows(true);
    sub_bytes(inv_sbox);
    add_round_key(0);
}

static uint64_t seed = 2024;

static int64_t rand_byte(void) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((int64_t)seed >> 56) & 0xFF;
}

int main(int argc, char **argv) {
    int64_t blocks = atol(argv[1]);
    init_sbox();
    if (sbox[0] != 0x63 || sbox[1] != 0x7c || inv_sbox[0x63] != 0) {
        printf("aes FAIL: S-box\n");
        return 1;
    }
    int64_t key[16];
    for (int64_t i = 0; i < 16; i += 1) {
        key[i] = i;
        state[i] = i * 0x11;
    }
    expand_key(key);
    encrypt_block();
    int64_t words[4] = {0x69c4e0d8, 0x6a7b0430, 0xd8cdb780, 0x70b4c55a};
    for (int64_t i = 0; i < 16; i += 1) {
        if (state[i] != ((words[i / 4] >> (24 - 8 * (i % 4))) & 0xFF)) {
            printf("aes FAIL: FIPS-197 vector at byte %ld\n", (long)i);
            return 1;
        }
    }
    decrypt_block();
    for (int64_t i = 0; i < 16; i += 1) {
        if (state[i] != i * 0x11) {
            printf("aes FAIL: FIPS-197 decryption at byte %ld\n", (long)i);
            return 1;
        }
    }
    for (int64_t i = 0; i < 16; i += 1) key[i] = rand_byte();
    expand_key(key);
    int64_t len = 16 * blocks;
    int64_t *plain = calloc(len, sizeof(int64_t));
    int64_t *cipher = calloc(len, sizeof(int64_t));
    for (int64_t i = 0; i < len; i += 1) plain[i] = rand_byte();
    int64_t iv[16];
    for (int64_t i = 0; i < 16; i += 1) iv[i] = rand_byte();
    for (int64_t b = 0; b < blocks; b += 1) {
        for (int64_t i = 0; i < 16; i += 1) {
            int64_t prev = iv[i];
            if (b > 0) prev = cipher[16 * (b - 1) + i];
            state[i] = plain[16 * b + i] ^ prev;
        }
        encrypt_block();
        for (int64_t i = 0; i < 16; i += 1) cipher[16 * b + i] = state[i];
    }
    uint64_t check = 0;
    for (int64_t i = 0; i < len; i += 1) check = check * 257 + (uint64_t)cipher[i];
    for (int64_t b = 0; b < blocks; b += 1) {
        for (int64_t i = 0; i < 16; i += 1) state[i] = cipher[16 * b + i];
        decrypt_block();
        for (int64_t i = 0; i < 16; i += 1) {
            int64_t prev = iv[i];
            if (b > 0) prev = cipher[16 * (b - 1) + i];
            if ((state[i] ^ prev) != plain[16 * b + i]) {
                printf("aes FAIL: block %ld does not decrypt\n", (long)b);
                return 1;
            }
        }
    }
    printf("aes %ld %ld %ld %ld\n", (long)blocks, (long)cipher[0], (long)cipher[len - 1], (long)(int64_t)check);
    return 0;
}
