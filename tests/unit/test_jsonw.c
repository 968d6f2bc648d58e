/* test_jsonw.c: the JSON writer: nesting, commas, escapes, numbers, misuse caught. */
#include "config.h"

#include <sys/wait.h>

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/fmt.h"
#include "base/json.h"
#include "base/jsonw.h"
#include "tap.h"

/* Does text parse with the reader? */
static int
test_parses(const char *text)
{
	struct json	*j;
	char		 err[256];

	if ((j = json_parse(text, strlen(text), err, sizeof err)) == NULL) {
		printf("# %s: %s\n", text, err);
		return 0;
	}
	json_free(j);
	return 1;
}

/* Objects in arrays in objects, empty ones, members of every kind: commas right. */
static void
test_nesting(void)
{
	static const char	 want[] = "{\"a\":[1,2.5,{\"b\":null,\"c\":true}],"
	    "\"e\":{},\"f\":[],\"g\":[[],[false]],\"h\":\"x\",\"i\":null,\"j\":-3,"
	    "\"k\":null,\"l\":false,\"m\":[1,2]}";
	struct strbuf		 sb;
	struct jsonw		 w;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_array(&w, "a");
	jsonw_int(&w, 1);
	jsonw_num(&w, 2.5);
	jsonw_object(&w);
	jsonw_key_null(&w, "b");
	jsonw_key_bool(&w, "c", 7);
	jsonw_object_end(&w);
	jsonw_array_end(&w);
	jsonw_key_object(&w, "e");
	jsonw_object_end(&w);
	jsonw_key_array(&w, "f");
	jsonw_array_end(&w);
	jsonw_key_array(&w, "g");
	jsonw_array(&w);
	jsonw_array_end(&w);
	jsonw_array(&w);
	jsonw_tristate(&w, 0);
	jsonw_array_end(&w);
	jsonw_array_end(&w);
	jsonw_key_str(&w, "h", "x");
	jsonw_key_text(&w, "i", "");
	jsonw_key_int(&w, "j", -3);
	jsonw_key_tristate(&w, "k", -1);
	jsonw_key_tristate(&w, "l", 0);
	jsonw_key(&w, "m");
	jsonw_raw(&w, "[1,2]");
	jsonw_object_end(&w);
	jsonw_finish(&w);
	ok(strcmp(sb.s, want) == 0, "nesting and commas: %s", sb.s);
	ok(test_parses(sb.s), "and the reader takes it");
	strbuf_free(&sb);

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_str(&w, "alone");
	jsonw_finish(&w);
	ok(strcmp(sb.s, "\"alone\"") == 0, "a string alone is a whole text: %s", sb.s);
	strbuf_free(&sb);
}

/* A string through the writer. */
static void
test_one_str(const char *in, const char *want, const char *what)
{
	struct strbuf	sb;
	struct jsonw	w;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_str(&w, in);
	ok(strcmp(sb.s, want) == 0 && test_parses(sb.s), "%s: %s", what, sb.s);
	strbuf_free(&sb);
}

/* Quotes, backslashes, control characters, UTF-8 kept, bytes that are not UTF-8 replaced. */
static void
test_escapes(void)
{
	struct strbuf		 sb;
	struct jsonw		 w;
	struct json		*j;
	char			 err[256];

	test_one_str("", "\"\"", "empty");
	test_one_str("plain", "\"plain\"", "plain");
	test_one_str("say \"hi\"", "\"say \\\"hi\\\"\"", "quotes");
	test_one_str("C:\\dir", "\"C:\\\\dir\"", "a backslash");
	test_one_str("a\nb\tc\rd\be\ff", "\"a\\nb\\tc\\rd\\be\\ff\"", "short escapes");
	test_one_str("\x01\x1f\x7f", "\"\\u0001\\u001f\x7f\"", "other controls as \\u");
	test_one_str("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80", "\"caf\xc3\xa9 "
	    "\xe2\x80\x94 \xf0\x9f\x98\x80\"", "UTF-8 kept as is");
	test_one_str("</script>", "\"</script>\"", "a slash is not escaped");
	test_one_str("a\xff" "b", "\"a\\ufffdb\"", "a stray byte is U+FFFD");
	test_one_str("\xc0\xaf", "\"\\ufffd\\ufffd\"", "an overlong slash is refused");
	test_one_str("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "a surrogate is refused");
	test_one_str("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"",
	    "past U+10FFFF is refused");
	test_one_str("end\xe2\x82", "\"end\\ufffd\\ufffd\"", "a sequence cut at the end");
	test_one_str(NULL, "null", "NULL is null");

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_str(&w, "k\"\x01", "v\n\xff");
	jsonw_object_end(&w);
	j = json_parse(sb.s, sb.len, err, sizeof err);
	ok(j != NULL && json_root(j)->child != NULL &&
	    strcmp(json_root(j)->child->key, "k\"\x01") == 0 &&
	    strcmp(json_str(json_root(j)->child, ""), "v\n\xef\xbf\xbd") == 0,
	    "keys are escaped too, and the reader reads both back: %s", sb.s);
	json_free(j);
	strbuf_free(&sb);
}

/* A number through the writer, and the same through fmt_num(FMT_DATA). */
static void
test_one_num(double v, const char *want)
{
	struct strbuf	sb;
	struct jsonw	w;
	char		csv[64];

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_num(&w, v);
	fmt_num(csv, sizeof csv, v, FMT_DATA, 0);
	ok(strcmp(sb.s, want) == 0 && test_parses(sb.s) && (!isfinite(v) ||
	    strcmp(csv, sb.s) == 0), "%g is %s (CSV %s)", v, sb.s, csv);
	strbuf_free(&sb);
}

/* Numbers: one answer for each, the CSV's; null for what is not finite. */
static void
test_numbers(void)
{
	struct strbuf	sb;
	struct jsonw	w;

	test_one_num(1234567.5, "1234568");
	test_one_num(0, "0");
	test_one_num(-0.0, "0");
	test_one_num(1e-9, "1e-09");
	test_one_num(626.305, "626.305");
	test_one_num(0.1, "0.1");
	test_one_num(-2.5, "-2.5");
	test_one_num(1e20, "1e+20");
	test_one_num(4096, "4096");
	test_one_num(NAN, "null");
	test_one_num(INFINITY, "null");
	test_one_num(-INFINITY, "null");
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_array(&w);
	jsonw_int(&w, 9007199254740993LL);
	jsonw_int(&w, -1);
	jsonw_array_end(&w);
	ok(strcmp(sb.s, "[9007199254740993,-1]") == 0, "whole numbers are exact: %s", sb.s);
	strbuf_free(&sb);

	/* A time stamp keeps its decimals at any size (FMT_DATA would give 3600.12). */
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_fixed(&w, "t", 3600.123456, 4);
	jsonw_key_fixed(&w, "u", NAN, 4);
	jsonw_object_end(&w);
	ok(strcmp(sb.s, "{\"t\":3600.1235,\"u\":null}") == 0 && test_parses(sb.s),
	    "fixed decimals: %s", sb.s);
	strbuf_free(&sb);

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_num_why(&w, "temp_c", NAN, "temp_unavailable", "no sensor");
	jsonw_key_num_why(&w, "watts", 12.5, "watts_unavailable", "not asked");
	jsonw_key_num_why(&w, "mhz", NAN, "mhz_unavailable", "");
	jsonw_object_end(&w);
	ok(strcmp(sb.s, "{\"temp_c\":null,\"temp_unavailable\":\"no sensor\",\"watts\":12.5,"
	    "\"watts_unavailable\":null,\"mhz\":null,\"mhz_unavailable\":null}") == 0,
	    "a null with its reason beside it, the reason null with a figure: %s", sb.s);
	strbuf_free(&sb);
}

/* The misuses, each in a child that must die of the assertion. */
enum misuse {
	MIS_VALUE_NO_KEY, MIS_KEY_IN_ARRAY, MIS_KEY_TWICE, MIS_WRONG_END, MIS_END_AFTER_KEY,
	MIS_TWO_TOPS, MIS_FINISH_OPEN, MIS_KEY_AT_TOP, MIS_TOO_DEEP, MIS_RAW_GARBAGE,
	MIS_END_NOTHING, MIS_COUNT
};
static const char *const misuse_name[MIS_COUNT] = {
	"a value in an object without its key", "a key in an array", "two keys in a row",
	"an object closed as an array", "an object closed after a key", "a second top value",
	"a text finished with an array open", "a key at the top",
	"nesting past JSONW_DEPTH_MAX", "a raw value that is not JSON",
	"a close with nothing open"
};

/* Do one misuse. */
static void
test_misuse_do(enum misuse m)
{
	struct strbuf	sb;
	struct jsonw	w;
	int		i;

	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	switch (m) {
	case MIS_VALUE_NO_KEY:
		jsonw_object(&w);
		jsonw_int(&w, 1);
		break;
	case MIS_KEY_IN_ARRAY:
		jsonw_array(&w);
		jsonw_key(&w, "k");
		break;
	case MIS_KEY_TWICE:
		jsonw_object(&w);
		jsonw_key(&w, "a");
		jsonw_key(&w, "b");
		break;
	case MIS_WRONG_END:
		jsonw_object(&w);
		jsonw_array_end(&w);
		break;
	case MIS_END_AFTER_KEY:
		jsonw_object(&w);
		jsonw_key(&w, "a");
		jsonw_object_end(&w);
		break;
	case MIS_TWO_TOPS:
		jsonw_int(&w, 1);
		jsonw_int(&w, 2);
		break;
	case MIS_FINISH_OPEN:
		jsonw_array(&w);
		jsonw_finish(&w);
		break;
	case MIS_KEY_AT_TOP:
		jsonw_key(&w, "a");
		break;
	case MIS_TOO_DEEP:
		for (i = 0; i <= JSONW_DEPTH_MAX; i++)
			jsonw_array(&w);
		break;
	case MIS_RAW_GARBAGE:
		jsonw_raw(&w, "}");
		break;
	case MIS_END_NOTHING:
		jsonw_array_end(&w);
		break;
	case MIS_COUNT:
		break;
	}
	strbuf_free(&sb);
}

/* Each misuse stops the program with an assertion. */
static void
test_misuse(void)
{
	pid_t	pid;
	int	m, st;

#ifdef NDEBUG
	skip("built with NDEBUG: assertions are off");
	return;
#endif
	for (m = 0; m < MIS_COUNT; m++) {
		fflush(stdout);
		if ((pid = fork()) == 0) {
			/* The assertion's message is expected; keep the TAP clean. */
			if (freopen("/dev/null", "w", stderr) == NULL)
				_exit(3);
			test_misuse_do((enum misuse)m);
			_exit(0);
		}
		st = 0;
		ok(pid > 0 && waitpid(pid, &st, 0) == pid && WIFSIGNALED(st) &&
		    WTERMSIG(st) == SIGABRT, "misuse caught: %s", misuse_name[m]);
	}
}

/* A report's end: the top object closed, one line written, the buffer freed. */
static void
test_end_report(void)
{
	struct strbuf	 sb;
	struct jsonw	 w;
	char		 out[64] = "";
	FILE		*f = tmpfile();

	if (f == NULL) {
		ok(0, "a temporary file for the report");
		return;
	}
	strbuf_init(&sb);
	jsonw_init(&w, &sb);
	jsonw_object(&w);
	jsonw_key_int(&w, "runs", 3);
	jsonw_end_report(&w, f);
	rewind(f);
	out[fread(out, 1, sizeof out - 1, f)] = '\0';
	fclose(f);
	ok(strcmp(out, "{\"runs\":3}\n") == 0, "end_report: the object closed, a newline "
	    "after it: %s", out);
	ok(sb.s == NULL, "end_report: the buffer is freed");
}

int
main(void)
{
	test_nesting();
	test_escapes();
	test_numbers();
	test_misuse();
	test_end_report();
	return tap_done();
}
