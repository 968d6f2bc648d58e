/* drift_at.h: test_drift's and test_drift_load's quiet refresh at a rate. */
#ifndef DRIFT_AT_H
#define DRIFT_AT_H

#include <string.h>

#include "engine/drift.h"

/* A quiet refresh at a rate (spread 2 %, no others, no steal), its clock where given. */
static struct drift_sample
at(double rate, double mhz)
{
	struct drift_sample	s;

	memset(&s, 0, sizeof s);
	s.rate = rate;
	s.spread = 0.02;
	s.mhz = mhz;
	return s;
}

#endif
