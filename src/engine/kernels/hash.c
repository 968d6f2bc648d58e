/* hash.c: MD5 (RFC 1321) digesting a buffer over and over, like `md5 -t`. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/kernels/kernel.h"
#include "base/util.h"
#include "engine/kernels/kernels_internal.h"

#define HASH_DEFAULT_BYTES	8192
#define HASH_MIN_BYTES		64
/* Bytes digested per step: about 0.3 ms at 800 MB/s. */
#define HASH_STEP_BYTES		(256 * 1024)

struct hash_state {
	uint8_t		*buf;
	size_t		 len;
	uint8_t		 digest[16];
};

#define MD5_F(x, y, z)	((z) ^ ((x) & ((y) ^ (z))))
#define MD5_H(x, y, z)	((x) ^ (y) ^ (z))
#define MD5_I(x, y, z)	((y) ^ ((x) | ~(z)))
#define MD5_ROTL(v, s)	(((v) << (s)) | ((v) >> (32 - (s))))

/* Rounds 1, 3 and 4: a = b + ((a + f(b,c,d) + x + t) <<< s). */
#define MD5_STEP(f, a, b, c, d, x, t, s) do {				\
	(a) += (x) + (uint32_t)(t);					\
	(a) += f((b), (c), (d));					\
	(a) = MD5_ROTL((a), (s)) + (b);					\
} while (0)

/*
 * Round 2: G(b,c,d) = (b & d) | (c & ~d); the two halves never share a bit,
 * so they can be added one at a time and c & ~d need not wait for b.
 */
#define MD5_STEP_G(a, b, c, d, x, t, s) do {				\
	(a) += (x) + (uint32_t)(t);					\
	(a) += (c) & ~(d);						\
	(a) += (b) & (d);						\
	(a) = MD5_ROTL((a), (s)) + (b);					\
} while (0)

/* Read a little-endian 32-bit word from an unaligned address. */
static inline uint32_t
md5_load(const uint8_t *p)
{
	uint32_t	v;

	memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	return v;
}

/* MD5 rounds 1 and 2 (F and G) over one block's sixteen words. */
static inline __attribute__((always_inline)) void
md5_rounds_fg(uint32_t *sa, uint32_t *sb, uint32_t *sc, uint32_t *sd, const uint32_t x[16])
{
	uint32_t	a = *sa, b = *sb, c = *sc, d = *sd;

	MD5_STEP(MD5_F, a, b, c, d, x[0], 0xd76aa478, 7);
	MD5_STEP(MD5_F, d, a, b, c, x[1], 0xe8c7b756, 12);
	MD5_STEP(MD5_F, c, d, a, b, x[2], 0x242070db, 17);
	MD5_STEP(MD5_F, b, c, d, a, x[3], 0xc1bdceee, 22);
	MD5_STEP(MD5_F, a, b, c, d, x[4], 0xf57c0faf, 7);
	MD5_STEP(MD5_F, d, a, b, c, x[5], 0x4787c62a, 12);
	MD5_STEP(MD5_F, c, d, a, b, x[6], 0xa8304613, 17);
	MD5_STEP(MD5_F, b, c, d, a, x[7], 0xfd469501, 22);
	MD5_STEP(MD5_F, a, b, c, d, x[8], 0x698098d8, 7);
	MD5_STEP(MD5_F, d, a, b, c, x[9], 0x8b44f7af, 12);
	MD5_STEP(MD5_F, c, d, a, b, x[10], 0xffff5bb1, 17);
	MD5_STEP(MD5_F, b, c, d, a, x[11], 0x895cd7be, 22);
	MD5_STEP(MD5_F, a, b, c, d, x[12], 0x6b901122, 7);
	MD5_STEP(MD5_F, d, a, b, c, x[13], 0xfd987193, 12);
	MD5_STEP(MD5_F, c, d, a, b, x[14], 0xa679438e, 17);
	MD5_STEP(MD5_F, b, c, d, a, x[15], 0x49b40821, 22);

	MD5_STEP_G(a, b, c, d, x[1], 0xf61e2562, 5);
	MD5_STEP_G(d, a, b, c, x[6], 0xc040b340, 9);
	MD5_STEP_G(c, d, a, b, x[11], 0x265e5a51, 14);
	MD5_STEP_G(b, c, d, a, x[0], 0xe9b6c7aa, 20);
	MD5_STEP_G(a, b, c, d, x[5], 0xd62f105d, 5);
	MD5_STEP_G(d, a, b, c, x[10], 0x02441453, 9);
	MD5_STEP_G(c, d, a, b, x[15], 0xd8a1e681, 14);
	MD5_STEP_G(b, c, d, a, x[4], 0xe7d3fbc8, 20);
	MD5_STEP_G(a, b, c, d, x[9], 0x21e1cde6, 5);
	MD5_STEP_G(d, a, b, c, x[14], 0xc33707d6, 9);
	MD5_STEP_G(c, d, a, b, x[3], 0xf4d50d87, 14);
	MD5_STEP_G(b, c, d, a, x[8], 0x455a14ed, 20);
	MD5_STEP_G(a, b, c, d, x[13], 0xa9e3e905, 5);
	MD5_STEP_G(d, a, b, c, x[2], 0xfcefa3f8, 9);
	MD5_STEP_G(c, d, a, b, x[7], 0x676f02d9, 14);
	MD5_STEP_G(b, c, d, a, x[12], 0x8d2a4c8a, 20);
	*sa = a;
	*sb = b;
	*sc = c;
	*sd = d;
}

/* MD5 rounds 3 and 4 (H and I) over one block's sixteen words. */
static inline __attribute__((always_inline)) void
md5_rounds_hi(uint32_t *sa, uint32_t *sb, uint32_t *sc, uint32_t *sd, const uint32_t x[16])
{
	uint32_t	a = *sa, b = *sb, c = *sc, d = *sd;

	MD5_STEP(MD5_H, a, b, c, d, x[5], 0xfffa3942, 4);
	MD5_STEP(MD5_H, d, a, b, c, x[8], 0x8771f681, 11);
	MD5_STEP(MD5_H, c, d, a, b, x[11], 0x6d9d6122, 16);
	MD5_STEP(MD5_H, b, c, d, a, x[14], 0xfde5380c, 23);
	MD5_STEP(MD5_H, a, b, c, d, x[1], 0xa4beea44, 4);
	MD5_STEP(MD5_H, d, a, b, c, x[4], 0x4bdecfa9, 11);
	MD5_STEP(MD5_H, c, d, a, b, x[7], 0xf6bb4b60, 16);
	MD5_STEP(MD5_H, b, c, d, a, x[10], 0xbebfbc70, 23);
	MD5_STEP(MD5_H, a, b, c, d, x[13], 0x289b7ec6, 4);
	MD5_STEP(MD5_H, d, a, b, c, x[0], 0xeaa127fa, 11);
	MD5_STEP(MD5_H, c, d, a, b, x[3], 0xd4ef3085, 16);
	MD5_STEP(MD5_H, b, c, d, a, x[6], 0x04881d05, 23);
	MD5_STEP(MD5_H, a, b, c, d, x[9], 0xd9d4d039, 4);
	MD5_STEP(MD5_H, d, a, b, c, x[12], 0xe6db99e5, 11);
	MD5_STEP(MD5_H, c, d, a, b, x[15], 0x1fa27cf8, 16);
	MD5_STEP(MD5_H, b, c, d, a, x[2], 0xc4ac5665, 23);

	MD5_STEP(MD5_I, a, b, c, d, x[0], 0xf4292244, 6);
	MD5_STEP(MD5_I, d, a, b, c, x[7], 0x432aff97, 10);
	MD5_STEP(MD5_I, c, d, a, b, x[14], 0xab9423a7, 15);
	MD5_STEP(MD5_I, b, c, d, a, x[5], 0xfc93a039, 21);
	MD5_STEP(MD5_I, a, b, c, d, x[12], 0x655b59c3, 6);
	MD5_STEP(MD5_I, d, a, b, c, x[3], 0x8f0ccc92, 10);
	MD5_STEP(MD5_I, c, d, a, b, x[10], 0xffeff47d, 15);
	MD5_STEP(MD5_I, b, c, d, a, x[1], 0x85845dd1, 21);
	MD5_STEP(MD5_I, a, b, c, d, x[8], 0x6fa87e4f, 6);
	MD5_STEP(MD5_I, d, a, b, c, x[15], 0xfe2ce6e0, 10);
	MD5_STEP(MD5_I, c, d, a, b, x[6], 0xa3014314, 15);
	MD5_STEP(MD5_I, b, c, d, a, x[13], 0x4e0811a1, 21);
	MD5_STEP(MD5_I, a, b, c, d, x[4], 0xf7537e82, 6);
	MD5_STEP(MD5_I, d, a, b, c, x[11], 0xbd3af235, 10);
	MD5_STEP(MD5_I, c, d, a, b, x[2], 0x2ad7d2bb, 15);
	MD5_STEP(MD5_I, b, c, d, a, x[9], 0xeb86d391, 21);
	*sa = a;
	*sb = b;
	*sc = c;
	*sd = d;
}

/* Digest n 64-byte blocks into the state. */
static void
md5_blocks(uint32_t st[4], const uint8_t *p, size_t n)
{
	uint32_t	a = st[0], b = st[1], c = st[2], d = st[3];
	uint32_t	x[16];
	int		i;

	for (; n > 0; n--, p += 64) {
		uint32_t	aa = a, bb = b, cc = c, dd = d;

		for (i = 0; i < 16; i++)
			x[i] = md5_load(p + 4 * i);
		md5_rounds_fg(&a, &b, &c, &d, x);
		md5_rounds_hi(&a, &b, &c, &d, x);
		a += aa;
		b += bb;
		c += cc;
		d += dd;
	}
	st[0] = a;
	st[1] = b;
	st[2] = c;
	st[3] = d;
}

/* Start a digest. */
void
md5_init(struct md5_ctx *ctx)
{
	ctx->state[0] = 0x67452301;
	ctx->state[1] = 0xefcdab89;
	ctx->state[2] = 0x98badcfe;
	ctx->state[3] = 0x10325476;
	ctx->bytes = 0;
}

/* Add len bytes to a digest. */
void
md5_update(struct md5_ctx *ctx, const void *data, size_t len)
{
	const uint8_t	*p = data;
	size_t		 have = (size_t)(ctx->bytes % 64), take;

	ctx->bytes += len;
	if (have != 0) {
		take = 64 - have;
		if (take > len)
			take = len;
		memcpy(ctx->buf + have, p, take);
		p += take;
		len -= take;
		if (have + take < 64)
			return;
		md5_blocks(ctx->state, ctx->buf, 1);
	}
	if (len >= 64) {
		md5_blocks(ctx->state, p, len / 64);
		p += len & ~(size_t)63;
		len &= 63;
	}
	if (len != 0)
		memcpy(ctx->buf, p, len);
}

/* Pad, append the bit length and write the 16-byte digest. */
void
md5_final(struct md5_ctx *ctx, uint8_t out[16])
{
	uint8_t		pad[72];
	uint64_t	bits = ctx->bytes * 8;
	size_t		have = (size_t)(ctx->bytes % 64), padlen, i;

	padlen = (have < 56 ? 56 : 120) - have;
	memset(pad, 0, sizeof pad);
	pad[0] = 0x80;
	for (i = 0; i < 8; i++)
		pad[padlen + i] = (uint8_t)(bits >> (8 * i));
	md5_update(ctx, pad, padlen + 8);
	for (i = 0; i < 16; i++)
		out[i] = (uint8_t)(ctx->state[i / 4] >> (8 * (i % 4)));
}

/* Digest a buffer in one call. */
void
md5_digest(const void *data, size_t len, uint8_t out[16])
{
	struct md5_ctx	ctx;

	md5_init(&ctx);
	md5_update(&ctx, data, len);
	md5_final(&ctx, out);
}

/* Fill the load's buffer with a fixed pattern, as `md5 -t` does. */
void
hash_fill(uint8_t *buf, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++)
		buf[i] = (uint8_t)(i & 0xff);
}

/* Copy out the digest of the load's last pass over its buffer. */
void
hash_last_digest(const void *state, uint8_t out[16])
{
	const struct hash_state	*hs = state;

	memcpy(out, hs->digest, sizeof hs->digest);
}

/* Check the optional buffer size (default 8 KiB). */
static int
hash_parse(const char *param, const struct kernel_env *env,
    struct kernel_param *p, char *err, size_t errlen)
{
	return kernels_parse_size("hash", param, env, HASH_DEFAULT_BYTES,
	    HASH_MIN_BYTES, p, err, errlen);
}

/* Allocate and fill the buffer. */
static void *
hash_init(const struct kernel_param *p, char *err, size_t errlen)
{
	struct hash_state	*hs;

	hs = xcalloc(1, sizeof *hs);
	hs->len = p->bytes != 0 ? (size_t)p->bytes : HASH_DEFAULT_BYTES;
	if ((hs->buf = kernels_map(hs->len)) == NULL) {
		snprintf(err, errlen, "hash: cannot map %zu bytes", hs->len);
		free(hs);
		return NULL;
	}
	hash_fill(hs->buf, hs->len);
	return hs;
}

/* Digest the whole buffer, as many times as make about 256 KiB. */
static uint64_t
hash_step(void *state)
{
	struct hash_state	*hs = state;
	uint64_t		 done = 0;

	do {
		md5_digest(hs->buf, hs->len, hs->digest);
		done += hs->len;
	} while (done < HASH_STEP_BYTES);
	return done;
}

/* Free the buffer and state. */
static void
hash_fini(void *state)
{
	struct hash_state	*hs = state;

	kernels_unmap(hs->buf, hs->len);
	free(hs);
}

const struct kernel kernel_hash = {
	.name = "hash",
	.desc = "MD5 over a buffer again and again, like md5 -t",
	.unit = "MB/s",
	.work_unit = "byte",
	.higher_is_better = 1,
	.scale = 1e-6,
	.ends = 1,
	.param_help = "buffer size, default 8k",
	.parse = hash_parse,
	.init = hash_init,
	.step = hash_step,
	.peer = NULL,
	.fini = hash_fini,
};
