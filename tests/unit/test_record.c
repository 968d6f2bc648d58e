/*
 * test_record.c: recordings: lines written and read back, plain and gzip;
 * a file cut short names its line; replay_read() checks a recording and
 * refuses, naming the file and line, what is not one.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exp/record/record.h"
#include "exp/record/replay.h"
#include "base/fmt.h"
#include "base/jsonw.h"
#include "tap.h"
#include "report/reports.h"

static char	test_dir[] = "/tmp/smtscope-test-record.XXXXXX";

/* A header of format fmt, kind kind, with two loads and two CPUs. */
static void
test_header(struct strbuf *sb, const char *kind, int fmt)
{
	strbuf_printf(sb, "{\"kind\":\"%s\",\"format\":%d,\"smtscope\":\"0.1.0\","
	    "\"start\":\"2026-11-30T19:00:00Z\",\"interval\":0.5,\"machine\":"
	    "{\"hostname\":\"nodeA\",\"cpu\":{\"brand\":\"Test CPU\"}},\"cpus\":[0,1],"
	    "\"loads\":[{\"load\":\"spin@0\",\"kernel\":\"spin\",\"unit\":\"Mloop/s\","
	    "\"work\":\"loop\",\"scale\":1e-06,\"higher\":true},{\"load\":\"spin@0\","
	    "\"kernel\":\"spin\",\"unit\":\"Mloop/s\",\"work\":\"loop\",\"scale\":1e-06,"
	    "\"higher\":true}],\"xml\":\"<topology/>\"}", kind, fmt);
}

/* Write lines (separated by '\n' in text) to a recording; 0 or -1. */
static int
test_write(const char *path, const char *text)
{
	struct record_out	*o;
	struct strbuf		 sb;
	const char		*p, *nl;
	char			 err[512];
	int			 rc = 0;

	if ((o = record_create(path, NULL, err, sizeof err)) == NULL)
		return -1;
	for (p = text; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		strbuf_init(&sb);
		strbuf_add(&sb, p, (size_t)(nl - p));
		rc |= record_write(o, &sb, err, sizeof err);
		strbuf_free(&sb);
	}
	return record_close(o, err, sizeof err) | rc;
}

/* The first two bytes of a file. */
static int
test_magic(const char *path)
{
	unsigned char	b[2] = { 0, 0 };
	FILE		*f = fopen(path, "rb");

	if (f == NULL)
		return -1;
	if (fread(b, 1, 2, f) != 2)
		b[0] = b[1] = 0;
	fclose(f);
	return b[0] << 8 | b[1];
}

/* Lines written are read back as written, plain and gzip. */
static void
test_round_trip(const char *name)
{
	struct record_in	*in;
	struct json		*j;
	char			 path[256], err[512];
	int			 rc, n = 0, gz = strstr(name, ".gz") != NULL;

	snprintf(path, sizeof path, "%s/%s", test_dir, name);
	ok(test_write(path, "{\"a\":1}\n{\"t\":0.5,\"s\":\"x\\ny\"}\n{\"b\":[1,null]}") == 0,
	    "%s: three lines written", name);
	ok((test_magic(path) == 0x1f8b) == gz, "%s: %s", name, gz ? "gzip" : "plain text");
	if ((in = record_open(path, err, sizeof err)) == NULL) {
		ok(0, "%s: opens (%s)", name, err);
		return;
	}
	while ((rc = record_next(in, &j, err, sizeof err)) == RECORD_LINE) {
		n++;
		if (n == 2)
			ok(json_num(json_get(json_root(j), "t"), NAN) == 0.5 &&
			    strcmp(json_str(json_get(json_root(j), "s"), ""), "x\ny") == 0,
			    "%s: line 2's members read back", name);
		json_free(j);
	}
	ok(rc == RECORD_EOF && n == 3 && record_lineno(in) == 3, "%s: three lines, then "
	    "the end (rc %d, %d lines)", name, rc, n);
	record_in_free(in);
}

/* Read a file to its end; the last status, with err. */
static int
test_read_all(const char *path, char *err, size_t errlen)
{
	struct record_in	*in;
	struct json		*j;
	int			 rc;

	if ((in = record_open(path, err, errlen)) == NULL)
		return RECORD_ERROR;
	while ((rc = record_next(in, &j, err, errlen)) == RECORD_LINE)
		json_free(j);
	record_in_free(in);
	return rc;
}

/* A file cut short, plain or gzip, names its last line; a bad line names itself. */
static void
test_truncated(void)
{
	char	path[256], err[512];
	FILE	*f;
	long	 size;
	int	 rc;

	snprintf(path, sizeof path, "%s/cut.jsonl", test_dir);
	f = fopen(path, "w");
	fputs("{\"a\":1}\n{\"b\":2}\n{\"c\":", f);
	fclose(f);
	rc = test_read_all(path, err, sizeof err);
	ok(rc == RECORD_TRUNCATED && strstr(err, "cut.jsonl: line 3: truncated") != NULL,
	    "a plain file cut short: %s", err);

	snprintf(path, sizeof path, "%s/cut.jsonl.gz", test_dir);
	test_write(path, "{\"a\":1}\n{\"b\":2}\n{\"c\":\"the last line, long enough that "
	    "cutting the file's end cuts into it: 0123456789 abcdefghijklmnopqrstuvwxyz\"}");
	f = fopen(path, "r+");
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	/* The gzip trailer, the final block, the flush marker and some of line 3 go. */
	ok(truncate(path, size - 30) == 0, "a gzip file cut by 30 bytes");
	rc = test_read_all(path, err, sizeof err);
	ok((rc == RECORD_TRUNCATED || rc == RECORD_ERROR) && strstr(err, "line 3") != NULL,
	    "a gzip file cut short names line 3: %s", err);

	snprintf(path, sizeof path, "%s/bad.jsonl", test_dir);
	test_write(path, "{\"a\":1}\n{\"b\":2,}\n");
	rc = test_read_all(path, err, sizeof err);
	ok(rc == RECORD_ERROR && strstr(err, "bad.jsonl: line 2, column") != NULL,
	    "bad JSON names the line and column: %s", err);
	test_write(path, "{\"a\":1}\n[1,2]\n");
	rc = test_read_all(path, err, sizeof err);
	ok(rc == RECORD_ERROR && strstr(err, "line 2: not a JSON object") != NULL,
	    "a line that is not an object: %s", err);
}

/* Numbers are compact: rounded to sig digits, written by the one writer, NaN null. */
static void
test_numbers(void)
{
	struct strbuf	sb;
	struct jsonw	w;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_array(&w);
	jsonw_num(&w, fmt_round(20100000, 4));
	jsonw_num(&w, fmt_round(20123456.7, 4));
	jsonw_num(&w, fmt_round(0.4567, 2));
	jsonw_num(&w, fmt_round(-0.0012345, 3));
	jsonw_num(&w, fmt_round(NAN, 4));
	jsonw_array_end(&w);
	ok(strcmp(sb.s, "[20100000,20120000,0.46,-0.00123,null]") == 0, "numbers: %s", sb.s);
	strbuf_free(&sb);
}

/* A recording of two loads read whole: loads, solos, rates, the end. */
static void
test_replay(void)
{
	struct replay		 rp;
	struct strbuf		 sb;
	const struct replay_event *e, *base = NULL, *old = NULL, *cap = NULL;
	char			 path[256], err[8192], *text;
	size_t			 len;
	FILE			*mem;
	int			 i;

	snprintf(path, sizeof path, "%s/rec.jsonl.gz", test_dir);
	strbuf_init(&sb);
	test_header(&sb, "record", RECORD_FORMAT);
	strbuf_puts(&sb, "\n{\"t\":0.01,\"e\":\"start\",\"id\":1,\"n\":0}\n"
	    "{\"t\":0.02,\"e\":\"start\",\"id\":2,\"n\":1}\n"
	    "{\"t\":1,\"e\":\"solo\",\"id\":1,\"solo\":2e7,\"share\":1,\"disturbed\":false,"
	    "\"tries\":1,\"baseline\":{\"place\":\"spin@0\",\"by\":\"spin#1\",\"reused\":false,"
	    "\"value\":2e7,\"spread\":0.03,\"at_s\":0.9,\"disturbed\":false,\"min\":2e7,"
	    "\"max\":2e7,\"measurements\":1}}\n"
	    "{\"t\":2,\"e\":\"solo\",\"id\":2,\"solo\":2e7,\"share\":1,\"disturbed\":false}\n"
	    "{\"t\":2.5,\"c\":[50,0,0,0,0,0],\"l\":[[1,\"r\",1e7,0.5,2e7],[2,\"r\",1e7,0.5,2e7]]}\n"
	    "{\"t\":2.9,\"e\":\"capacity\",\"id\":2,\"capacity\":0.55,\"step\":-0.45,"
	    "\"cause\":\"the host (under QEMU TCG)\"}\n"
	    "{\"t\":3,\"c\":[50,0,0,0,0,1],\"l\":[[1,\"r\",9e6,0.5,2e7],[2,\"r\",1.1e7,0.5,2e7]]}\n"
	    "{\"t\":3,\"e\":\"whatever\"}\n"
	    "{\"t\":3.01,\"e\":\"stop\",\"id\":1}\n{\"t\":3.01,\"e\":\"stop\",\"id\":2}\n"
	    "{\"t\":3.02,\"e\":\"end\",\"why\":\"time\"}");
	ok(test_write(path, sb.s) == 0, "a recording of two loads written");
	strbuf_free(&sb);
	if (replay_read(&rp, path, err, sizeof err) == -1) {
		ok(0, "it reads back (%s)", err);
		return;
	}
	ok(rp.nloads == 2 && rp.nsamples == 2 && rp.ncpus == 2, "2 loads, 2 samples, 2 CPUs");
	ok(strcmp(rp.host, "nodeA") == 0 && strcmp(rp.end, "time") == 0 &&
	    rp.interval_s == 0.5, "host nodeA, ended by time, every 0.5 s");
	ok(rp.loads[0].id == 1 && rp.loads[1].solo == 2e7 &&
	    strcmp(rp.loads[1].fate, "stopped") == 0, "ids, solos and fates");
	ok(rp.rate[1 * 2 + 1] == 1.1e7 && rp.t[1] == 3, "sample 2's rate of load 2");
	for (i = 0; i < rp.nev; i++) {
		e = &rp.ev[i];
		if (e->kind == REPLAY_EV_SOLO && e->load == 0)
			base = e;
		else if (e->kind == REPLAY_EV_SOLO && e->load == 1)
			old = e;
		else if (e->kind == REPLAY_EV_CAPACITY)
			cap = e;
	}
	ok(base != NULL && base->base == 2e7 && base->base_spread == 0.03 &&
	    base->base_at_s == 0.9 && !base->base_disturbed,
	    "a solo's baseline read back: value, spread, at_s, disturbed");
	ok(old != NULL && isnan(old->base) && isnan(old->base_spread) &&
	    isnan(old->base_at_s) && !old->base_disturbed,
	    "a solo without a baseline (an older recording): NAN");
	ok(cap != NULL && cap->load == 1 && cap->num == 0.55 && cap->step == -0.45 &&
	    strcmp(cap->text, "the host (under QEMU TCG)") == 0 && cap->sample == 1,
	    "the capacity event read back: load 2, 0.55, -0.45, its cause, after sample 1");
	mem = open_memstream(&text, &len);
	replay_summary(&rp, REPORT_TEXT, mem);
	fclose(mem);
	ok(strstr(text, "host nodeA") != NULL && strstr(text, "#2 spin@0") != NULL &&
	    strstr(text, "50%") != NULL, "the summary names the host, the loads, "
	    "speed 50%%");
	free(text);
	replay_free(&rp);
}

/* Write a header and lines (and raw bytes), read it as a recording; the error. */
static int
test_replay_bad(const char *kind, int fmt, const char *lines, const char *raw, char *err,
    size_t errlen)
{
	struct replay	 rp;
	struct strbuf	 sb;
	char		 path[256];
	FILE		*f;
	int		 rc;

	snprintf(path, sizeof path, "%s/bad-rec.jsonl", test_dir);
	strbuf_init(&sb);
	test_header(&sb, kind, fmt);
	strbuf_puts(&sb, lines);
	test_write(path, sb.s);
	strbuf_free(&sb);
	/* raw: a last line cut short, without its newline. */
	if (raw != NULL && (f = fopen(path, "a")) != NULL) {
		fputs(raw, f);
		fclose(f);
	}
	err[0] = '\0';
	if ((rc = replay_read(&rp, path, err, errlen)) == 0)
		replay_free(&rp);
	return rc;
}

/* What is not a recording, or is of another format, or has a bad line, is refused. */
static void
test_replay_refusals(void)
{
	char	err[8192];

	ok(test_replay_bad("check", 1, "", NULL, err, sizeof err) == -1 &&
	    strstr(err, "line 1: not a smtscope recording") != NULL, "a check result: %s",
	    err);
	ok(test_replay_bad("record", 2, "", NULL, err, sizeof err) == -1 &&
	    strstr(err, "line 1: recording format 2") != NULL, "format 2: %s", err);
	ok(test_replay_bad("record", 1, "\n{\"t\":1,\"c\":[1,2,3],\"l\":[]}", NULL,
	    err, sizeof err) == -1 && strstr(err, "line 2: \"c\" has not 3 figures") != NULL,
	    "a sample of the wrong CPUs: %s", err);
	ok(test_replay_bad("record", 1, "\n{\"t\":0,\"e\":\"start\",\"id\":1,\"n\":0}\n"
	    "{\"t\":1,\"c\":[0,0,0,0,0,0],\"l\":[[7,\"r\",1,1,1]]}", NULL, err, sizeof err) == -1 &&
	    strstr(err, "line 3: a sample of a load that never started") != NULL,
	    "a sample of an unknown load: %s", err);
	ok(test_replay_bad("record", 1, "\n{\"t\":1}", NULL, err, sizeof err) == -1 &&
	    strstr(err, "bad-rec.jsonl: line 2: neither a sample") != NULL,
	    "a line that is neither: %s", err);
	ok(test_replay_bad("record", 1, "\n{\"t\":1,\"c\":[0,0,0,0,0,0],\"l\":[]}",
	    "{\"t\":2,\"c\":[0,", err, sizeof err) == 0, "a last line cut short is left "
	    "out, not refused");
}

int
main(void)
{
	char	cmd[300];

	if (mkdtemp(test_dir) == NULL) {
		ok(0, "a temporary directory");
		return tap_done();
	}
	test_numbers();
	test_round_trip("plain.jsonl");
	test_round_trip("zipped.jsonl.gz");
	test_truncated();
	test_replay();
	test_replay_refusals();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", test_dir);
	return tap_done();
}
