// SPDX-License-Identifier: GPL-2.0
/*
 * recordmcount: the command line.  Reads each object into memory, hands it
 * to rm_process() (elfclass.c) and, if that added a __mcount_loc section,
 * puts the result in place (output.c).  Every problem is one line,
 * "recordmcount: FILE: what", and exit status 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "recordmcount.h"

static void usage(FILE *f)
{
	fprintf(f,
"usage: recordmcount [-l] [-v] [-n | -e [-p BYTES]] [-o OUT] FILE.o...\n"
"\n"
"Find every call to mcount in the relocatable objects FILE.o and add to\n"
"each a __mcount_loc section holding the address of every call site, for\n"
"the linker to collect between __start___mcount_loc and __stop___mcount_loc.\n"
"Objects are rewritten in place; objects without call sites, or with a\n"
"__mcount_loc section already, are left as they are.\n"
"\n"
"  -o, --output OUT  write the result to OUT, not FILE.o (one FILE.o only)\n"
"  -l, --list        print the call sites, one per line: section, offset\n"
"                    of the recorded instruction, function, relocation;\n"
"                    change nothing\n"
"  -v, --verbose     say what was found, skipped and written, on stderr\n"
"  -n, --nop         also write each recorded call as the machine's NOP,\n"
"                    its relocation dropped (x86_64: objtool --mnop)\n"
"  -e, --entries     the sites are the compiler's patchable entries\n"
"                    (-fpatchable-function-entry), not mcount calls: move\n"
"                    its __patchable_function_entries table to\n"
"                    __mcount_loc, one part per section group, and write\n"
"                    what the machine's entries need once (aarch64:\n"
"                    mov x9, x30)\n"
"  -p, --pre-entry BYTES  with -e: the compiler put BYTES of NOPs before\n"
"                    each function (-fpatchable-function-entry=N,M), a\n"
"                    word the runtime fills (CALL_OPS); the site recorded\n"
"                    is the first NOP at the entry, past a landing pad\n"
"                    (aarch64: bti)\n"
"  -h, --help        this text\n"
"\n"
"Machines: %s.\n"
"Exit status: 0 done, 1 a file could not be processed, 2 bad usage.\n",
		rm_machine_names());
}

/* Read all of 'path'; NULL with err set on failure. */
static unsigned char *read_file(const char *path, size_t *size, char *err,
				size_t errlen)
{
	struct stat st;
	unsigned char *buf;
	size_t got = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "not a regular file");
		close(fd);
		return NULL;
	}
	buf = malloc(st.st_size ? st.st_size : 1);
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		close(fd);
		return NULL;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, "cannot read: %s",
				 n ? strerror(errno) : "file shrank");
			free(buf);
			close(fd);
			return NULL;
		}
		got += n;
	}
	close(fd);
	*size = got;
	return buf;
}

static int do_file(const char *path, const char *output,
		   const struct rm_opts *opts)
{
	struct rm_obj o = { .name = path, .opts = opts };
	unsigned char *buf;
	const char *dest = output ? output : path;
	int ret = 0;

	buf = read_file(path, &o.size, o.err, sizeof(o.err));
	if (!buf)
		goto fail;
	o.buf = buf;
	if (rm_process(&o))
		goto fail;
	if (o.changed)
		ret = rm_write_file(dest, path, o.out.data, o.out.len,
				    o.err, sizeof(o.err));
	else if (output && !opts->list)
		ret = rm_write_file(dest, path, o.buf, o.size,
				    o.err, sizeof(o.err));
	if (ret) {
		path = dest;
		goto fail;
	}
	rm_obj_free(&o);
	free(buf);
	return 0;
fail:
	fprintf(stderr, "recordmcount: %s: %s\n", path, o.err);
	rm_obj_free(&o);
	free(buf);
	return 1;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "list", no_argument, NULL, 'l' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "nop", no_argument, NULL, 'n' },
		{ "entries", no_argument, NULL, 'e' },
		{ "pre-entry", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct rm_opts opts = { .out = stdout };
	const char *output = NULL;
	char *end;
	int c, i, status = 0;

	while ((c = getopt_long(argc, argv, "o:lvnep:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'l':
			opts.list = 1;
			break;
		case 'v':
			opts.verbose = 1;
			break;
		case 'n':
			opts.nop = 1;
			break;
		case 'e':
			opts.entries = 1;
			break;
		case 'p':
			opts.pre_entry = strtoul(optarg, &end, 0);
			if (!*optarg || *end || opts.pre_entry > 64) {
				fprintf(stderr, "recordmcount: --pre-entry "
					"%s: not a byte count up to 64\n",
					optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "recordmcount: no input file (try --help)\n");
		return 2;
	}
	if (opts.nop && opts.entries) {
		fprintf(stderr, "recordmcount: --nop and --entries exclude "
			"each other: entries are NOPs already\n");
		return 2;
	}
	if (opts.pre_entry && !opts.entries) {
		fprintf(stderr, "recordmcount: --pre-entry needs --entries\n");
		return 2;
	}
	if (output && argc - optind != 1) {
		fprintf(stderr,
			"recordmcount: -o takes exactly one input file\n");
		return 2;
	}
	for (i = optind; i < argc; i++)
		status |= do_file(argv[i], output, &opts);
	return status;
}
