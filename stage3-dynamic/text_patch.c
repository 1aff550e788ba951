// SPDX-License-Identifier: GPL-2.0
/*
 * The text-patching facility (include/linux/text_patching.h): the only
 * place that writes to code, and the three ways it can do so while other
 * threads run (chapter 4, "Three ways to change code that is running").
 *
 * The executable PT_LOAD segments of every loaded object are learnt once;
 * a change outside them is refused with -EFAULT before anything is read.
 * A change is verified when it is queued (the bytes there must be the old
 * ones) and again when its batch is applied, before anything is written.
 *
 * While a batch is applied, the pages it writes are
 * PROT_READ|PROT_WRITE|PROT_EXEC, then the segment's own protection comes
 * back: never writable without being executable, because this file and
 * the runtime's other code are linked into the very segment being
 * patched, and other threads run on, so a page taken away from under an
 * instruction would fault.  The instruction cache is flushed over each
 * change's bytes (asm/cacheflush.h), then the arch's text_poke_sync()
 * (asm/text-patching.h) makes every thread run the new code.
 */
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>
#include <asm/cacheflush.h>
#include <asm/irqflags.h>
#include <asm/raw_syscall.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/rcupdate.h>
#include <linux/stop_machine.h>
#include <linux/text_patching.h>
#include <linux/tracefs.h>

#ifndef flush_icache_range
#error "asm/cacheflush.h must define flush_icache_range (even if it is empty)"
#endif

#ifndef PR_GET_MDWE
#define PR_GET_MDWE	66
#endif

struct text_segment {
	unsigned long	start, end;	/* page-aligned */
	int		prot;		/* what to restore */
	int		core;		/* the program's own, not a library's */
	unsigned long	text_start, text_end;	/* the bytes of code */
};

/*
 * The segments, published whole: a library that loads or goes makes a new
 * table, and a reader (the breakpoint handler, on any thread, inside an
 * RCU reader) sees the old one or the new one.  An old table is freed
 * once no reader can hold it (linux/rcupdate.h).
 */
struct text_segments {
	size_t			nr;
	struct text_segment	seg[];
};
static struct text_segments *segs;
static unsigned long page_size;

/* the batch: changes queued, and the page spans made writable for it */
static struct text_poke *batch;
static struct page_span {
	unsigned long	lo, hi;
	int		prot;
} *spans;
static unsigned int nr_batch, max_batch, nr_spans;
static int in_batch;
static int batch_needs_stop;		/* text_poke_needs_stop() */

static int poke_method = TEXT_POKE_DEFAULT;
static char poke_error[256];

static const char *const method_names[TEXT_POKE_NR_METHODS] = {
	[TEXT_POKE_STOP_MACHINE]	= "stop_machine",
	[TEXT_POKE_BREAKPOINT]		= "breakpoint",
	[TEXT_POKE_WORD]		= "word",
};

/* data: the table to grow (in place: it is not published yet) */
static int add_segments(struct dl_phdr_info *info, size_t size, void *data)
{
	struct text_segments **tab = data;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		struct text_segments *t;
		struct text_segment *s;
		unsigned long start, end;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		start = info->dlpi_addr + ph->p_vaddr;
		end = start + ph->p_memsz;
		t = realloc(*tab, sizeof(*t) + ((*tab)->nr + 1) * sizeof(*s));
		if (!t)
			return -ENOMEM;
		*tab = t;
		s = &t->seg[t->nr++];
		s->start = start & ~(page_size - 1);
		s->end = (end + page_size - 1) & ~(page_size - 1);
		s->prot = PROT_EXEC | (ph->p_flags & PF_R ? PROT_READ : 0) |
			  (ph->p_flags & PF_W ? PROT_WRITE : 0);
		/* the program comes first, and has no name */
		s->core = !info->dlpi_name || !*info->dlpi_name;
		s->text_start = start;
		s->text_end = end;
	}
	return 0;
}

static int publish_segments(const char *path, unsigned long base,
			    unsigned long drop_lo, unsigned long drop_hi);

static int sync_core_state;	/* 0: not asked yet, 1: registered, -errno */

int text_poke_sync_core_init(void)
{
	long ret;

	if (sync_core_state)
		return sync_core_state > 0 ? 0 : sync_core_state;
	ret = raw_syscall3(SYS_membarrier,
			   MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE,
			   0, 0);
	sync_core_state = ret ? (int)ret : 1;
	return ret ? (int)ret : 0;
}

/* the raw call: the C library's syscall() may be a site being patched */
void text_poke_sync_core(void)
{
	if (sync_core_state > 0)
		raw_syscall3(SYS_membarrier,
			     MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE, 0, 0);
}

int text_poke_init(void)
{
	int mdwe;

	if (segs)
		return 0;
	/*
	 * A program that denies writable code to itself (its own choice,
	 * or a parent's: the setting is inherited) cannot be patched: no
	 * dynamic ftrace, said once, rather than a fault at the first write.
	 */
	mdwe = prctl(PR_GET_MDWE, 0, 0, 0, 0);
	if (mdwe > 0) {
		snprintf(poke_error, sizeof(poke_error), "the program denies "
			 "writable code to itself (PR_SET_MDWE)");
		return -EPERM;
	}
	page_size = sysconf(_SC_PAGESIZE);
	/* before the program may start a thread that could miss it */
	text_poke_sync_core_init();
	return publish_segments(NULL, 0, 0, 0);
}

/*
 * A new table: the old one without [drop_lo, drop_hi), plus the
 * executable segments of the object at bias "base" named "path" (all
 * objects: path NULL and no old table).  Called under ftrace_lock.
 */
struct add_filter {
	struct text_segments	**tab;
	unsigned long		base;
	const char		*path;
	int			all;
};

static int add_one(struct dl_phdr_info *info, size_t size, void *data)
{
	struct add_filter *f = data;

	if (!f->all && (info->dlpi_addr != f->base || !info->dlpi_name ||
			strcmp(info->dlpi_name, f->path)))
		return 0;
	return add_segments(info, size, f->tab);
}

static int publish_segments(const char *path, unsigned long base,
			    unsigned long drop_lo, unsigned long drop_hi)
{
	struct text_segments *old = segs, *t;
	struct add_filter f = { &t, base, path, !old };
	size_t i;
	int ret;

	t = calloc(1, sizeof(*t) + (old ? old->nr : 0) * sizeof(t->seg[0]));
	if (!t)
		return -ENOMEM;
	for (i = 0; old && i < old->nr; i++) {
		const struct text_segment *s = &old->seg[i];

		if (s->text_start >= drop_lo && s->text_start < drop_hi)
			continue;
		t->seg[t->nr++] = *s;
	}
	ret = path || !old ? dl_iterate_phdr(add_one, &f) : 0;
	if (ret) {
		free(t);
		return ret;
	}
	/* an object known already (loaded at start-up) is not there twice */
	for (i = old ? old->nr : 0; old && i < t->nr; i++) {
		size_t j;

		for (j = 0; j < i; j++)
			if (t->seg[j].text_start == t->seg[i].text_start)
				break;
		if (j < i)
			t->seg[i--] = t->seg[--t->nr];
	}
	__atomic_store_n(&segs, t, __ATOMIC_RELEASE);
	rcu_free(old, free);
	return 0;
}

static struct text_segment *find_segment(unsigned long ip, size_t len)
{
	struct text_segments *t = __atomic_load_n(&segs, __ATOMIC_ACQUIRE);
	size_t i;

	for (i = 0; t && i < t->nr; i++)
		if (ip >= t->seg[i].start && ip + len <= t->seg[i].end &&
		    ip + len > ip)
			return &t->seg[i];
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

	for (i = 0; segs && i < segs->nr; i++)
		if (segs->seg[i].core)
			fn(segs->seg[i].text_start, segs->seg[i].text_end,
			   data);
}

void text_poke_object_text(const struct dl_phdr_info *info,
			   unsigned long *start, unsigned long *end)
{
	int i;

	*start = -1UL;
	*end = 0;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		unsigned long lo = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
			continue;
		*start = lo < *start ? lo : *start;
		*end = lo + ph->p_memsz > *end ? lo + ph->p_memsz : *end;
	}
}

/* linux/module.h: a library's code joins or leaves (ftrace_lock held) */
int text_poke_add_text(unsigned long base, const char *path)
{
	if (!segs)
		return -ENOENT;
	return publish_segments(path, base, 0, 0);
}

void text_poke_remove_text(unsigned long start, unsigned long end)
{
	if (segs)
		publish_segments(NULL, 0, start, end);
	text_poke_forget(start, end);
}

const char *text_poke_error(void)
{
	return poke_error;
}

/* ---- the batch ---------------------------------------------------------- */

struct text_poke_failure text_poke_failure;

void text_poke_begin(void)
{
	in_batch = 1;
	nr_batch = 0;
}

unsigned long text_poke_queued(void)
{
	return nr_batch;
}

void text_poke_cancel(void)
{
	in_batch = 0;
	nr_batch = 0;
	batch_needs_stop = 0;
}

/* Kept until the batch ends: a change outside one opens its own. */
void text_poke_needs_stop(void)
{
	batch_needs_stop = 1;
}

/* The bytes at tp->ip are still tp->old: what the report shows if not. */
static int poke_verify(const struct text_poke *tp)
{
	struct text_poke_failure *fail = &text_poke_failure;
	int ret = 0;

	/* the common case stays cheap: a batch verifies every change twice */
	if (!find_segment(tp->ip, tp->len))
		ret = -EFAULT;
	else if (memcmp((void *)tp->ip, tp->old, tp->len))
		ret = -EINVAL;
	fail->len = tp->len;
	fail->ip = tp->ip;
	if (!ret)
		return 0;
	memcpy(fail->expected, tp->old, tp->len);
	memset(fail->actual, 0, sizeof(fail->actual));
	if (ret == -EINVAL)
		memcpy(fail->actual, (void *)tp->ip, tp->len);
	return ret;
}

/*
 * The batch's memory is mapped with its pages already there
 * (MAP_POPULATE): a batch of the start-up conversion holds a change per
 * site, and a page fault for each of its pages, on first touch, costs
 * more than all its changes (tens of microseconds each in a virtual
 * machine).  It is kept from one batch to the next.
 */
static int batch_grow_to(unsigned int n)
{
	struct text_poke *b;
	struct page_span *s;

	s = realloc(spans, n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	spans = s;
	b = mmap(NULL, n * sizeof(*b), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (b == MAP_FAILED)
		return -ENOMEM;
	if (batch) {
		memcpy(b, batch, nr_batch * sizeof(*b));
		munmap(batch, max_batch * sizeof(*b));
	}
	batch = b;
	max_batch = n;
	return 0;
}

static int batch_grow(void)
{
	return batch_grow_to(max_batch ? 2 * max_batch : 64);
}

/*
 * A power of two above n: the batches after the start-up conversion's are
 * the sites plus a few trampoline changes, and fit too.
 */
void text_poke_reserve(unsigned long n)
{
	unsigned long size = 64;

	while (size < n + 16 && size <= UINT_MAX / 2)
		size *= 2;
	if (size > max_batch)
		batch_grow_to(size);	/* if not, it grows as it fills */
}

int ftrace_modify_code(unsigned long ip, const void *old, const void *new,
		       size_t len)
{
	struct text_poke *tp;
	int ret;

	if (len > TEXT_POKE_MAX)
		return -EINVAL;
	if (!in_batch) {
		text_poke_begin();
		ret = ftrace_modify_code(ip, old, new, len);
		if (ret) {
			text_poke_cancel();
			return ret;
		}
		return text_poke_end();
	}
	if (nr_batch == max_batch && (ret = batch_grow()))
		return ret;
	tp = &batch[nr_batch];
	tp->ip = ip;
	tp->len = len;
	tp->data = 0;
	memcpy(tp->old, old, len);
	memcpy(tp->new, new, len);
	/* verify: never queue a write over bytes we did not expect */
	ret = poke_verify(tp);
	if (!ret)
		nr_batch++;
	return ret;
}

int ftrace_modify_data(unsigned long ip, unsigned long old,
		       unsigned long new)
{
	int ret;

	if (ip & (sizeof(new) - 1))
		return -EINVAL;		/* not one store */
	if (!in_batch) {
		text_poke_begin();
		ret = ftrace_modify_data(ip, old, new);
		if (ret) {
			text_poke_cancel();
			return ret;
		}
		return text_poke_end();
	}
	ret = ftrace_modify_code(ip, &old, &new, sizeof(new));
	if (!ret)
		batch[nr_batch - 1].data = 1;
	return ret;
}

int ftrace_verify_code(unsigned long ip, const void *expected, size_t len)
{
	struct text_poke tp = { .ip = ip, .len = len };

	if (len > TEXT_POKE_MAX)
		return -EINVAL;
	memcpy(tp.old, expected, len);
	return poke_verify(&tp);
}

/*
 * Make the pages of every change writable: the batch is sorted, so the
 * pages of neighbouring changes join into one span of one segment, and
 * one mprotect() each way covers a run of pages however many sites it
 * holds (a page at a time would also split the mapping into as many
 * pieces).  No allocation: this may run under stop_machine(), while a
 * parked thread holds the malloc lock.  The arch's raw system call, not
 * the C library's mprotect(): that is one of the sites the system-call
 * events patch (chapter 7), maybe in this very batch.
 */
static long kit_mprotect(unsigned long start, unsigned long len, int prot)
{
	return raw_syscall3(SYS_mprotect, (long)start, (long)len, prot);
}

static int pages_open(void)
{
	struct page_span *last = NULL;
	unsigned int i;

	nr_spans = 0;
	for (i = 0; i < nr_batch; i++) {
		const struct text_poke *tp = &batch[i];
		unsigned long lo = tp->ip & ~(page_size - 1);
		unsigned long hi = (tp->ip + tp->len + page_size - 1) &
				   ~(page_size - 1);
		int prot = find_segment(tp->ip, tp->len)->prot;

		if (last && lo <= last->hi && prot == last->prot) {
			if (hi > last->hi)
				last->hi = hi;
			continue;
		}
		last = &spans[nr_spans++];
		last->lo = lo;
		last->hi = hi;
		last->prot = prot;
	}
	for (i = 0; i < nr_spans; i++) {
		long err = kit_mprotect(spans[i].lo, spans[i].hi - spans[i].lo,
					PROT_READ | PROT_WRITE | PROT_EXEC);

		if (!err)
			continue;
		snprintf(poke_error, sizeof(poke_error), "cannot make the "
			 "code at 0x%lx writable: %s", spans[i].lo,
			 strerror(-err));
		nr_spans = i;		/* pages_close() restores these */
		return -EPERM;
	}
	return 0;
}

static void pages_close(void)
{
	while (nr_spans--)
		kit_mprotect(spans[nr_spans].lo,
			     spans[nr_spans].hi - spans[nr_spans].lo,
			     spans[nr_spans].prot);
	nr_spans = 0;
}

void text_poke_write(unsigned long ip, const void *bytes, size_t len)
{
	unsigned long data;	/* ftrace_modify_data()'s word */
	uint32_t word;
	uint16_t half;

	if (len == sizeof(data) && !(ip & (sizeof(data) - 1))) {
		memcpy(&data, bytes, sizeof(data));
		__atomic_store_n((unsigned long *)ip, data, __ATOMIC_RELEASE);
		return;
	}
	if (len == sizeof(word) && !(ip & (sizeof(word) - 1))) {
		memcpy(&word, bytes, sizeof(word));
		__atomic_store_n((uint32_t *)ip, word, __ATOMIC_RELEASE);
		return;
	}
	if (len == sizeof(half) && !(ip & (sizeof(half) - 1))) {
		memcpy(&half, bytes, sizeof(half));
		__atomic_store_n((uint16_t *)ip, half, __ATOMIC_RELEASE);
		return;
	}
	memcpy((void *)ip, bytes, len);
}

/* Every change of the batch one aligned word? */
static int batch_is_words(void)
{
	unsigned int i;

	for (i = 0; i < nr_batch; i++)
		if (!batch[i].data && (batch[i].len != sizeof(uint32_t) ||
				       (batch[i].ip & (sizeof(uint32_t) - 1))))
			return 0;
	return 1;
}

static int poke_cmp(const void *a, const void *b)
{
	const struct text_poke *x = a, *y = b;

	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

/*
 * In address order: the pages open in fewest spans, and a breakpoint
 * handler finds a change by bisection.  A batch comes nearly sorted (the
 * records are, and ftrace_call and ftrace_graph_call are a few more), so
 * each change out of place is moved to where it belongs, which costs
 * what is out of place; a batch far from sorted goes to qsort().  Before
 * any method runs (qsort() may allocate).
 */
static void batch_sort(void)
{
	unsigned long moved = 0;
	unsigned int i, lo, hi, mid;
	struct text_poke tp;

	for (i = 1; i < nr_batch; i++) {
		if (batch[i - 1].ip <= batch[i].ip)
			continue;
		if (moved > 4UL * nr_batch) {
			qsort(batch, nr_batch, sizeof(*batch), poke_cmp);
			return;
		}
		/* the first of batch[0..i) above it: there it goes */
		for (lo = 0, hi = i - 1; lo < hi; ) {
			mid = lo + (hi - lo) / 2;
			if (batch[mid].ip <= batch[i].ip)
				lo = mid + 1;
			else
				hi = mid;
		}
		tp = batch[i];
		memmove(&batch[lo + 1], &batch[lo], (i - lo) * sizeof(tp));
		batch[lo] = tp;
		moved += i - lo;
	}
}

/*
 * Write and flush every change, in address order; pages open.  The data
 * first (ftrace_modify_data()): a thread that meets a new call of the
 * batch, before or after the flush, must load the word that call's
 * trampoline reads as it is now (a CALL_OPS site's ops, written before
 * the bl that makes it read).  The fence orders those stores before the
 * instructions', and an instruction fetch after the flush.
 */
static void batch_write(void)
{
	unsigned int i, pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nr_batch; i++) {
			if (batch[i].data != !pass)
				continue;
			text_poke_write(batch[i].ip, batch[i].new,
					batch[i].len);
			if (!batch[i].data)
				flush_icache_range(batch[i].ip,
						   batch[i].ip + batch[i].len);
		}
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
}

/* The stop_machine() method: everyone else parked, then plain writes. */
static int apply_stopped(void *unused)
{
	int ret = pages_open();

	if (!ret)
		batch_write();
	pages_close();
	text_poke_sync();
	return ret;
}

/*
 * The methods that stop no thread still keep this thread's own signal
 * handlers out while the batch is applied (the kernel's text_poke()
 * writes with interrupts off): a handler here, a 100 us profiling timer
 * say, would meet every site of the batch half-way, and under the
 * breakpoint protocol trap at each one, each trap a signal delivery of
 * microseconds, until the patch could no longer make progress.  The
 * handler runs once the batch is applied.
 */
static int apply_running(int method)
{
	irqflags_t flags;
	int ret;

	local_irq_save(flags);
	ret = pages_open();
	if (!ret && method == TEXT_POKE_BREAKPOINT) {
		ret = text_poke_bp_batch(batch, nr_batch);
	} else if (!ret) {
		/* one word store at a time: nobody needs to stop */
		batch_write();
		text_poke_sync();
	}
	pages_close();
	local_irq_restore(flags);
	return ret;
}

static int apply(int method)
{
	int ret;

	switch (method) {
	case TEXT_POKE_WORD:
	case TEXT_POKE_BREAKPOINT:
		ret = apply_running(method);
		if (ret != -EOPNOTSUPP)
			return ret;
		/* a change the arch cannot make its way */
		/* fall through */
	default:
		ret = stop_machine(apply_stopped, NULL);
		if (ret == -EBUSY)
			snprintf(poke_error, sizeof(poke_error), "%s",
				 stop_machine_error());
		return ret;
	}
}

static int text_poke_end_method(int method, int atomic);

int text_poke_end(void)
{
	return text_poke_end_method(__atomic_load_n(&poke_method,
						    __ATOMIC_RELAXED), 0);
}

int text_poke_end_stopped(void)
{
	return text_poke_end_method(TEXT_POKE_STOP_MACHINE, 0);
}

int text_poke_end_atomic(void)
{
	return text_poke_end_method(TEXT_POKE_ONE_STORE, 1);
}

static int text_poke_end_method(int method, int atomic)
{
	unsigned int i;
	int ret = 0;

	in_batch = 0;
	poke_error[0] = 0;
	for (i = 0; !ret && i < nr_batch; i++)
		ret = poke_verify(&batch[i]);
	if (ret) {
		/* someone else wrote there since: nothing is written */
		snprintf(poke_error, sizeof(poke_error), "the code at 0x%lx "
			 "changed before it was patched", text_poke_failure.ip);
	} else if (nr_batch) {
		if (method == TEXT_POKE_WORD && !atomic &&
		    (batch_needs_stop || !batch_is_words()))
			method = TEXT_POKE_STOP_MACHINE;
		batch_sort();
		ret = apply(method);
	}
	nr_batch = 0;
	batch_needs_stop = 0;
	return ret;
}

/* ---- the setting ------------------------------------------------------- */

/*
 * patch_method: the methods this arch has, the one in use in brackets
 * (as the kernel's trace_clock file shows its clocks); write a name to
 * use it from the next change on.
 */
static int patch_method_read(char *buf, size_t len)
{
	size_t n = 0;
	int m;

	buf[0] = 0;
	for (m = 0; m < TEXT_POKE_NR_METHODS && n < len; m++) {
		if (!(TEXT_POKE_METHODS & (1 << m)))
			continue;
		n += snprintf(buf + n, len - n, "%s%s%s%s", n ? " " : "",
			      m == poke_method ? "[" : "", method_names[m],
			      m == poke_method ? "]" : "");
	}
	if (n < len)
		snprintf(buf + n, len - n, "\n");
	return 0;
}

static int patch_method_write(const char *val)
{
	char have[128];
	int m;

	for (m = 0; m < TEXT_POKE_NR_METHODS; m++) {
		if (!strcmp(val, method_names[m]) &&
		    (TEXT_POKE_METHODS & (1 << m))) {
			__atomic_store_n(&poke_method, m, __ATOMIC_RELAXED);
			return 0;
		}
	}
	patch_method_read(have, sizeof(have));
	have[strcspn(have, "\n")] = 0;
	tracefs_error("patch_method: no method '%s' here (have: %s)", val,
		      have);
	return -EINVAL;
}

static struct tracefs_file patch_method_file = {
	"patch_method", patch_method_write, patch_method_read,
};

static __init_core void text_patch_register(void)
{
	tracefs_register(&patch_method_file);
}
