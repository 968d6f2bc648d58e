/* fmt.c: the one number formatter. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/fmt.h"

/* Format v for people or for data. */
char *
fmt_num(char *buf, size_t len, double v, enum fmt_style style, int prec)
{
	double	a = fabs(v);

	if (!isfinite(v)) {
		snprintf(buf, len, "%s", style == FMT_DATA ? "" : "-");
		return buf;
	}
	switch (style) {
	case FMT_DATA:
		if (v == trunc(v) && a < 1e15)
			snprintf(buf, len, "%.0f", v == 0 ? 0.0 : v);
		else if (a >= 1e6 && a < 1e15)
			snprintf(buf, len, "%.0f", v);
		else
			snprintf(buf, len, "%.6g", v);
		break;
	case FMT_SIG3:
		snprintf(buf, len, "%.*f", a >= 100 ? 0 : a >= 10 ? 1 : 2, v);
		break;
	case FMT_RATE:
		snprintf(buf, len, "%.*f", v < 10 ? 3 : 1, v);
		break;
	case FMT_FIXED:
		snprintf(buf, len, "%.*f", prec, v);
		break;
	case FMT_PCT:
		snprintf(buf, len, "%.0f%%", v * 100);
		break;
	}
	return buf;
}

/* "±2.0%" for a relative spread, "" when not finite. */
char *
fmt_spread(char *buf, size_t len, double spread)
{
	if (!isfinite(spread))
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "\u00b1%.*f%%", 100 * fabs(spread) < 9.95 ? 1 : 0,
		    100 * fabs(spread));
	return buf;
}

/* v rounded to sig significant digits; as is when not finite. */
double
fmt_round(double v, int sig)
{
	char	buf[64];

	if (!isfinite(v) || v == 0)
		return v;
	snprintf(buf, sizeof buf, "%.*e", sig > 1 ? sig - 1 : 0, v);
	return strtod(buf, NULL);
}
