/* sanitize.c: control characters from outside shown as ^[ or \x9b, never sent raw. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "base/sanitize.h"
#include "base/util.h"

/*
 * The next character of s: its shown form in out (NUL-terminated, at most
 * 4 bytes and a NUL for a shown control, or the character's own bytes),
 * and how many bytes of s it took.
 */
static size_t
sanitize_one(const unsigned char *s, char out[8])
{
	unsigned int	c = s[0];
	size_t		more, i;

	if (c < 0x20 || c == 0x7f) {
		out[0] = '^';
		out[1] = (char)(c == 0x7f ? '?' : c + '@');
		out[2] = '\0';
		return 1;
	}
	if (c < 0x80) {
		out[0] = (char)c;
		out[1] = '\0';
		return 1;
	}
	more = c >= 0xf0 && c < 0xf5 ? 3 : c >= 0xe0 ? (c < 0xf0 ? 2 : 0) :
	    c >= 0xc2 ? 1 : 0;
	for (i = 1; i <= more; i++)
		if ((s[i] & 0xc0) != 0x80)
			more = 0;
	if (more == 0) {
		out[0] = '?';
		out[1] = '\0';
		return 1;
	}
	if (c == 0xc2 && s[1] < 0xa0) {
		snprintf(out, 8, "\\x%02x", s[1]);
		return 2;
	}
	memcpy(out, s, more + 1);
	out[more + 1] = '\0';
	return more + 1;
}

size_t
sanitize(char *dst, size_t len, const char *src)
{
	const unsigned char	*s = (const unsigned char *)src;
	char			 one[8];
	size_t			 n = 0, k;

	if (len == 0)
		return 0;
	while (*s != '\0') {
		s += sanitize_one(s, one);
		k = strlen(one);
		if (n + k + 1 > len)
			break;
		memcpy(dst + n, one, k);
		n += k;
	}
	dst[n] = '\0';
	return n;
}

int
sanitize_needed(const char *src)
{
	const unsigned char	*s = (const unsigned char *)src;
	char			 one[8];
	size_t			 k;

	while (*s != '\0') {
		k = sanitize_one(s, one);
		if (strlen(one) != k || memcmp(one, s, k) != 0)
			return 1;
		s += k;
	}
	return 0;
}

char *
sanitize_dup(const char *s)
{
	size_t	len = strlen(s) * 4 + 1;
	char	*d = xmalloc(len);

	sanitize(d, len, s);
	return d;
}
