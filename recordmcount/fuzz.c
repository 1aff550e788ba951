// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: every input is an object file given to rm_process(),
 * with --list and --verbose off and the output kept in memory.  Build and
 * run with "make fuzz" (Makefile); seeds are the kit's own objects.
 */
#include <stdio.h>

#include "recordmcount.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *null;
	struct rm_opts opts = { .list = 0 };
	struct rm_obj o = { .name = "fuzz-input", .opts = &opts };

	if (!null)
		null = fopen("/dev/null", "w");
	opts.out = null;
	o.buf = data;
	o.size = size;
	/* run twice: listing, then rewriting, to cover both paths */
	opts.list = 1;
	rm_process(&o);
	rm_obj_free(&o);
	opts.list = 0;
	if (rm_process(&o) == 0 && o.changed) {
		/* the rewritten object must itself be acceptable */
		struct rm_obj again = { .name = "fuzz-output", .opts = &opts };

		again.buf = o.out.data;
		again.size = o.out.len;
		if (rm_process(&again) || again.changed)
			__builtin_trap();
		rm_obj_free(&again);
	}
	rm_obj_free(&o);
	return 0;
}
