// SPDX-License-Identifier: GPL-2.0
/*
 * Drives dynamic ftrace (chapter 4) step by step from inside the program;
 * each argument is one step:
 *
 *   write:FILE=VALUE   tracefs_write()    ("echo VALUE > FILE")
 *   append:FILE=VALUE  tracefs_append()   ("echo VALUE >> FILE")
 *   read:FILE          print the file between "<<< FILE" and ">>>"
 *   calls              call the four functions below, print the result
 *   sites              one line per record: "site ADDR NAME HEX", HEX
 *                      being the bytes now at ADDR, read back from memory;
 *                      for the four functions below also "code NAME ADDR
 *                      HEX", their bytes from the first one to the end of
 *                      the site (the start-up conversion may change more
 *                      than the call); then "caller ADDR..." (where an enabled
 *                      site may call: site_dests.h)
 *                      and "call ADDR HEX" (the ftrace_call patch site)
 *   snap / diff        copy the program's code; later print "diff OFF" for
 *                      each byte that changed, OFF relative to ftrace_call
 *   ops:a+ / ops:a- / ops:b+ / ops:b-
 *                      register / unregister one of two plain ftrace_ops
 *   corrupt:FUNC       turn FUNC's site into a call behind the generic
 *                      code's back (the arch hook on its record), as a
 *                      stray write would: the next update must notice
 *   stats              the dyn_ftrace counters
 *   wx                 "wx N": how many mappings of the program's code
 *                      (/proc/self/maps) are writable
 *   sleep:MS           sleep MS milliseconds (the ftraced daemon's turn)
 *   reuse:FUNC         (ftraced builds) overwrite the site of FUNC that
 *                      the daemon recorded and has not patched yet, as
 *                      reused memory would be: "reuse FUNC ADDR"
 *
 * A failing write or read prints "error: <tracefs_last_error()>" and the
 * steps go on.  The exit status is 3, so a test sees it is unchanged.
 */
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/ftrace.h>
#include <tracefs.h>
#include "site_dests.h"

#define noinline __attribute__((noipa))

/* the arch may read back more than the call (MIPS: its delay slot) */
#ifndef FTRACE_SITE_SIZE
#define FTRACE_SITE_SIZE MCOUNT_INSN_SIZE
#endif

noinline int alpha_one(int x) { return x + 1; }
noinline int alpha_two(int x) { return x * 2; }
noinline int beta_one(int x) { return x - 3; }
noinline int gamma_x(int x) { return x ^ 5; }

static const struct {
	const char	*name;
	int		(*fn)(int);
} ours[] = {
	{ "alpha_one", alpha_one }, { "alpha_two", alpha_two },
	{ "beta_one", beta_one }, { "gamma_x", gamma_x },
};

static char buf[1 << 20];

static void hex(const unsigned char *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
}

static void sites(void)
{
	char *line, *save;

	if (tracefs_read("available_filter_functions_addrs", buf,
			 sizeof(buf))) {
		printf("error: %s\n", tracefs_last_error());
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long ip = strtoul(line, NULL, 16);

		const char *name = strchr(line, ' ');
		size_t i;

		printf("site %s ", line);
		hex((const unsigned char *)ip, FTRACE_SITE_SIZE);
		printf("\n");
		for (i = 0; name && i < sizeof(ours) / sizeof(ours[0]); i++) {
			unsigned long fn = ftrace_sym_addr(ours[i].fn);

			if (strcmp(name + 1, ours[i].name) || ip < fn)
				continue;
			printf("code %s %lx ", ours[i].name, fn);
			hex((const unsigned char *)fn,
			    ip + FTRACE_SITE_SIZE - fn);
			printf("\n");
		}
	}
	print_site_dests();
	printf("call %lx ", ftrace_sym_addr(ftrace_call));
	hex((const unsigned char *)ftrace_sym_addr(ftrace_call),
	    FTRACE_SITE_SIZE);
	printf("\n");
}

/* the program's own executable segment */
static unsigned long text_start, text_end;
static unsigned char *text_copy;

static int find_text(struct dl_phdr_info *info, size_t size, void *data)
{
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			text_start = info->dlpi_addr + ph->p_vaddr;
			text_end = text_start + ph->p_filesz;
		}
	}
	return 1;			/* the program comes first */
}

static void snap(void)
{
	dl_iterate_phdr(find_text, NULL);
	text_copy = malloc(text_end - text_start);
	memcpy(text_copy, (void *)text_start, text_end - text_start);
}

static void diff(void)
{
	unsigned long i, call = ftrace_sym_addr(ftrace_call);

	for (i = 0; i < text_end - text_start; i++)
		if (text_copy[i] != ((unsigned char *)text_start)[i])
			printf("diff %ld\n", (long)(text_start + i - call));
	printf("diff end\n");
}

static unsigned long hits_a, hits_b;

static notrace void count_a(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits_a++;
}

static notrace void count_b(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits_b++;
}

static struct ftrace_ops ops_a = { .func = count_a };
static struct ftrace_ops ops_b = { .func = count_b };

/* stage3-dynamic/ internals, for corrupt: only */
struct dyn_ftrace *ftrace_lookup_ip(unsigned long ip);

static void corrupt(const char *name)
{
	char *line, *save;

	if (tracefs_read("available_filter_functions_addrs", buf,
			 sizeof(buf)))
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');

		if (sp && !strcmp(sp + 1, name)) {
			struct dyn_ftrace *rec =
				ftrace_lookup_ip(strtoul(line, NULL, 16));

			printf("corrupt %s: %d\n", name,
			       ftrace_make_call(rec, FTRACE_ADDR));
			return;
		}
	}
	printf("corrupt %s: no such function\n", name);
}

/*
 * The ftraced design's hazard (chapter 4, "History"), made safe: the code
 * of NAME's site, recorded by ftraced and not patched yet, becomes
 * something else (in 2008, a module unloaded and its memory reused).
 * NAME must not be called again.
 */
static void reuse(const char *name)
{
	unsigned long fn = 0, ip, site = 0, lo, hi;
	long page = sysconf(_SC_PAGESIZE);
	char *line, *save;
	size_t i;

	for (i = 0; i < sizeof(ours) / sizeof(ours[0]); i++)
		if (!strcmp(ours[i].name, name))
			fn = (unsigned long)ours[i].fn & ~1UL;	/* Thumb bit */
	if (!fn || tracefs_read("ftraced_pending", buf, sizeof(buf))) {
		printf("reuse %s: no such function or no ftraced\n", name);
		return;
	}
	/* the first pending site at or after the function's entry */
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		ip = strtoul(line, NULL, 16);
		if (ip >= fn && ip < fn + 64 && (!site || ip < site))
			site = ip;
	}
	if (!site) {
		printf("reuse %s: no pending site\n", name);
		return;
	}
	lo = site & ~(page - 1);
	hi = (site + 4 + page - 1) & ~(page - 1);
	if (mprotect((void *)lo, hi - lo, PROT_READ | PROT_WRITE | PROT_EXEC)) {
		printf("reuse %s: mprotect failed\n", name);
		return;
	}
	memset((void *)site, 0, 4);
	mprotect((void *)lo, hi - lo, PROT_READ | PROT_EXEC);
	printf("reuse %s: %lx\n", name, site);
}

static int writable_code(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long lo, hi;
	char line[512], perms[8];
	int n = 0;

	if (!f)
		return -1;
	dl_iterate_phdr(find_text, NULL);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) == 3 &&
		    lo < text_end && hi > text_start && strchr(perms, 'w'))
			n++;
	fclose(f);
	return n;
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		char *a = argv[i], *eq = strchr(a, '=');
		int ret = 0;

		if (!strncmp(a, "write:", 6) && eq) {
			*eq = 0;
			ret = tracefs_write(a + 6, eq + 1);
		} else if (!strncmp(a, "append:", 7) && eq) {
			*eq = 0;
			ret = tracefs_append(a + 7, eq + 1);
		} else if (!strncmp(a, "read:", 5)) {
			ret = tracefs_read(a + 5, buf, sizeof(buf));
			if (!ret)
				printf("<<< %s\n%s>>>\n", a + 5, buf);
		} else if (!strcmp(a, "calls")) {
			printf("calls: %d\n", alpha_one(1) + alpha_two(2) +
			       beta_one(3) + gamma_x(4));
		} else if (!strcmp(a, "sites")) {
			sites();
		} else if (!strcmp(a, "snap")) {
			snap();
		} else if (!strcmp(a, "diff")) {
			diff();
		} else if (!strncmp(a, "ops:", 4)) {
			struct ftrace_ops *ops = a[4] == 'a' ? &ops_a : &ops_b;

			ret = a[5] == '+' ? register_ftrace_function(ops) :
					    unregister_ftrace_function(ops);
			printf("ops %s: %d\n", a + 4, ret);
			ret = 0;
		} else if (!strncmp(a, "corrupt:", 8)) {
			corrupt(a + 8);
		} else if (!strncmp(a, "reuse:", 6)) {
			reuse(a + 6);
		} else if (!strncmp(a, "sleep:", 6)) {
			usleep(atoi(a + 6) * 1000);
		} else if (!strcmp(a, "wx")) {
			printf("wx %d\n", writable_code());
		} else if (!strcmp(a, "stats")) {
			struct ftrace_stats st;

			ftrace_get_stats(&st);
			printf("stats: total=%lu enabled=%lu hits_a=%lu "
			       "hits_b=%lu\n", st.dyn_ftrace_total,
			       st.dyn_ftrace_enabled, hits_a, hits_b);
		} else {
			fprintf(stderr, "dynctl: bad step '%s'\n", a);
			return 2;
		}
		if (ret)
			printf("error: %s\n", tracefs_last_error());
	}
	return 3;
}
