/* kernels_internal.h: what the kernels share with each other and with tests. */
#ifndef SMTSCOPE_KERNELS_INTERNAL_H
#define SMTSCOPE_KERNELS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "engine/kernels/kernel.h"

extern const struct kernel kernel_hash;
extern const struct kernel kernel_int;
extern const struct kernel kernel_fp;
extern const struct kernel kernel_chase;
extern const struct kernel kernel_stream;
extern const struct kernel kernel_spin;
extern const struct kernel kernel_pipe;
extern const struct kernel kernel_fork;

/* kernels_common.c: parameter checks and memory shared by the kernels. */
int	 kernels_parse_none(const char *, const char *, struct kernel_param *,
	     char *, size_t);
int	 kernels_parse_size(const char *, const char *, const struct kernel_env *,
	     uint64_t, uint64_t, struct kernel_param *, char *, size_t);
uint64_t kernels_default_size(const struct kernel_env *);
void	 kernels_fmt_size(char *, size_t, uint64_t);
void	*kernels_map(size_t);
void	 kernels_unmap(void *, size_t);

/* hash.c: MD5 (RFC 1321). */
struct md5_ctx {
	uint32_t	state[4];
	uint64_t	bytes;
	uint8_t		buf[64];
};
void	 md5_init(struct md5_ctx *);
void	 md5_update(struct md5_ctx *, const void *, size_t);
void	 md5_final(struct md5_ctx *, uint8_t[16]);
void	 md5_digest(const void *, size_t, uint8_t[16]);
/* The hash load's buffer contents, and its state's last digest. */
void	 hash_fill(uint8_t *, size_t);
void	 hash_last_digest(const void *, uint8_t[16]);

/* chase.c: one random cycle; slot i's successor is next[i * stride]. */
void	 chase_build(uint64_t *, size_t, size_t, uint64_t);
void	 chase_build32(uint32_t *, size_t, uint64_t);

/* stream.c: byte offsets of the three arrays of n doubles, and the mapping's size. */
void	 stream_layout(size_t, size_t[3], size_t *);

/* fp.c: the vector width chosen at run time ("avx512f", "avx2+fma", ...). */
const char *fp_path(void);
/* Floating-point operations per FMA (or mul+add) lane group of that path. */
int	 fp_lanes(void);

#endif
