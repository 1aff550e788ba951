// SPDX-License-Identifier: GPL-2.0
/*
 * The text-patching facility (include/linux/text_patching.h): the only
 * place that writes to code.
 *
 * The executable PT_LOAD segments of every loaded object are learnt once;
 * a site outside them is refused with -EFAULT before it is read.  A patch
 * window collects, per segment, the span of pages written so far and makes
 * them PROT_READ|PROT_WRITE|PROT_EXEC: never writable without executable,
 * because this file and the stage's other code are linked into the very
 * segment being patched - a read-write page under the patching code would
 * fault on its next instruction.  Closing the window flushes the
 * instruction cache over each span (asm/cacheflush.h) and restores the
 * segment's own protection.
 */
#include <errno.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/ftrace.h>
#include <linux/text_patching.h>
#include <asm/cacheflush.h>

#ifndef flush_icache_range
#error "asm/cacheflush.h must define flush_icache_range (even if it is empty)"
#endif

struct text_segment {
	unsigned long	start, end;	/* page-aligned */
	int		prot;		/* what to restore */
	int		core;		/* the program's own, not a library's */
	unsigned long	text_start, text_end;	/* the bytes of code */
	/* the open window's span in this segment; lo == hi: none */
	unsigned long	lo, hi;
};

static struct text_segment *segs;
static size_t nr_segs;
static unsigned long page_size;
static int in_window;

static int add_segments(struct dl_phdr_info *info, size_t size, void *data)
{
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		struct text_segment *s;
		unsigned long start, end;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		start = info->dlpi_addr + ph->p_vaddr;
		end = start + ph->p_memsz;
		s = realloc(segs, (nr_segs + 1) * sizeof(*segs));
		if (!s)
			return -ENOMEM;
		segs = s;
		s = &segs[nr_segs++];
		s->start = start & ~(page_size - 1);
		s->end = (end + page_size - 1) & ~(page_size - 1);
		s->prot = PROT_EXEC | (ph->p_flags & PF_R ? PROT_READ : 0) |
			  (ph->p_flags & PF_W ? PROT_WRITE : 0);
		/* the program comes first, and has no name */
		s->core = !info->dlpi_name || !*info->dlpi_name;
		s->text_start = start;
		s->text_end = end;
		s->lo = s->hi = 0;
	}
	return 0;
}

int text_poke_init(void)
{
	if (segs)
		return 0;
	page_size = sysconf(_SC_PAGESIZE);
	return dl_iterate_phdr(add_segments, NULL);
}

static struct text_segment *find_segment(unsigned long ip, size_t len)
{
	size_t i;

	for (i = 0; i < nr_segs; i++)
		if (ip >= segs[i].start && ip + len <= segs[i].end &&
		    ip + len > ip)
			return &segs[i];
	return NULL;
}

int kernel_text_address(unsigned long ip, size_t len)
{
	return find_segment(ip, len) != NULL;
}

void core_text_for_each(void (*fn)(unsigned long start, unsigned long end,
				   void *data), void *data)
{
	size_t i;

	for (i = 0; i < nr_segs; i++)
		if (segs[i].core)
			fn(segs[i].text_start, segs[i].text_end, data);
}

void text_poke_begin(void)
{
	in_window = 1;
}

void text_poke_end(void)
{
	size_t i;

	for (i = 0; i < nr_segs; i++) {
		struct text_segment *s = &segs[i];

		if (s->lo == s->hi)
			continue;
		/* before anyone may run the new code */
		flush_icache_range(s->lo, s->hi);
		mprotect((void *)s->lo, s->hi - s->lo, s->prot);
		s->lo = s->hi = 0;
	}
	in_window = 0;
}

/* Make [lo, hi) of s writable, growing the window's span to cover it. */
static int window_add(struct text_segment *s, unsigned long lo,
		      unsigned long hi)
{
	int rwx = PROT_READ | PROT_WRITE | PROT_EXEC;

	if (s->lo == s->hi) {
		if (mprotect((void *)lo, hi - lo, rwx))
			return -EPERM;
		s->lo = lo;
		s->hi = hi;
		return 0;
	}
	/* keep one span: also opens the pages in between (same segment) */
	if (lo < s->lo) {
		if (mprotect((void *)lo, s->lo - lo, rwx))
			return -EPERM;
		s->lo = lo;
	}
	if (hi > s->hi) {
		if (mprotect((void *)s->hi, hi - s->hi, rwx))
			return -EPERM;
		s->hi = hi;
	}
	return 0;
}

struct text_poke_failure text_poke_failure;

int ftrace_modify_code(unsigned long ip, const void *old, const void *new,
		       size_t len)
{
	struct text_poke_failure *fail = &text_poke_failure;
	struct text_segment *s = find_segment(ip, len);
	int own_window = !in_window, ret;

	if (len > sizeof(fail->expected))
		return -EINVAL;
	fail->len = len;
	fail->ip = ip;
	memcpy(fail->expected, old, len);
	memset(fail->actual, 0, sizeof(fail->actual));
	if (!s)
		return -EFAULT;
	memcpy(fail->actual, (void *)ip, len);
	/* verify: never write over bytes we did not expect */
	if (memcmp((void *)ip, old, len))
		return -EINVAL;
	if (own_window)
		text_poke_begin();
	/*
	 * The whole segment at once: one mprotect() however many sites an
	 * update touches (pages are only copied when written to).
	 */
	ret = window_add(s, s->start, s->end);
	if (!ret)
		memcpy((void *)ip, new, len);
	if (own_window)
		text_poke_end();
	return ret;
}
