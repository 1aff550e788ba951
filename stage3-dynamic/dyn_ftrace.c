// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic ftrace, the generic half (chapter 4): the dyn_ftrace records,
 * the start-up conversion of every site to a NOP, the update that makes
 * each site what the registered ftrace_ops want, and ftrace_bug().
 *
 * The arch hooks (ftrace_make_nop(), ftrace_make_call(),
 * ftrace_update_ftrace_func()) know the opcodes; this file only knows
 * records, flags and which ops wants which function.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <linux/event_path.h>
#include <linux/fgraph_lane.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kconfig.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/text_patching.h>
#include <linux/trace_clock.h>
#include <linux/tracefs.h>
#include "ftrace_internal.h"

/*
 * The table recordmcount (chapter 3) added to every traced object; weak,
 * because ld defines the bounds only when some object has the section.
 */
extern unsigned long __start___mcount_loc[] __attribute__((weak));
extern unsigned long __stop___mcount_loc[] __attribute__((weak));

/* the records, as ftrace_lock's holders see them */
struct dyn_ftrace *ftrace_records;
unsigned long ftrace_nr_records;

/*
 * The records as the lock-free readers see them: array and count behind
 * one pointer, so that a reader never pairs one array with another's
 * count.  A copy is a block of its own, the view in front of its array
 * (view_alloc()); the start-up one is boot_view, over the mapped array.
 */
struct ftrace_rec_view {
	struct dyn_ftrace	*recs;
	unsigned long		nr;
} __attribute__((aligned(16)));
static struct ftrace_rec_view boot_view, *rec_view = &boot_view;
static size_t boot_records_size;
static int ftrace_disabled;		/* set for good by ftrace_kill() */
unsigned long long ftrace_update_time_ns;
/* sites the start-up conversion wrote (chapter 8's are NOPs already) */
unsigned long ftrace_init_written;

/* internal record flags, beside FTRACE_FL_ENABLED */
#define FTRACE_FL_WANT		0x2UL	/* some ops wants it: make a call */
#define FTRACE_FL_FAILED	0x4UL	/* its patch failed: never touched */

/*
 * What an enabled site calls: FTRACE_ADDR at chapters 4 and 5; at chapter
 * 8 also an ops' own trampoline or a direct trampoline
 * (ftrace_rec_target()).  The record keeps an index into call_addrs[] in
 * its flags, where a pointer would make every record a word longer (the
 * start-up's memory): the address it calls now, and during an update the
 * one it is to call.  Slot 0 is FTRACE_ADDR; a slot no record uses is
 * freed (0) once an update is applied.
 */
#define FTRACE_FL_CUR_SHIFT	8
#define FTRACE_FL_NEW_SHIFT	20
#define FTRACE_FL_SLOT_MASK	0xfffUL
#define FTRACE_CALL_SLOTS	(FTRACE_FL_SLOT_MASK + 1)
static unsigned long call_addrs[FTRACE_CALL_SLOTS];
static unsigned int nr_call_addrs = 1;

static unsigned long rec_slot(const struct dyn_ftrace *rec, int shift)
{
	return (rec->flags >> shift) & FTRACE_FL_SLOT_MASK;
}

static void rec_set_slot(struct dyn_ftrace *rec, int shift, unsigned long k)
{
	rec->flags = (rec->flags & ~(FTRACE_FL_SLOT_MASK << shift)) |
		     k << shift;
}

static unsigned long slot_addr(unsigned long k)
{
	return k ? call_addrs[k] : FTRACE_ADDR;
}

static unsigned long rec_cur_addr(const struct dyn_ftrace *rec)
{
	return slot_addr(rec_slot(rec, FTRACE_FL_CUR_SHIFT));
}

/* addr's slot, a new one if need be; -1: none left */
static long addr_slot(unsigned long addr)
{
	unsigned int k, free = 0;

	if (addr == FTRACE_ADDR)
		return 0;
	for (k = 1; k < nr_call_addrs; k++) {
		if (call_addrs[k] == addr)
			return k;
		if (!call_addrs[k] && !free)
			free = k;
	}
	if (!free && nr_call_addrs == FTRACE_CALL_SLOTS)
		return -1;
	if (!free)
		free = nr_call_addrs++;
	call_addrs[free] = addr;
	return free;
}

/* after an update: the slots no record calls are free again */
static void free_call_slots(void)
{
	unsigned char used[FTRACE_CALL_SLOTS] = { 1 };
	unsigned long i;
	unsigned int k;

	if (nr_call_addrs == 1)
		return;
	for (i = 0; i < ftrace_nr_records; i++)
		used[rec_slot(&ftrace_records[i], FTRACE_FL_CUR_SHIFT)] = 1;
	for (k = 1; k < nr_call_addrs; k++)
		if (!used[k])
			call_addrs[k] = 0;
}

/* What ftrace_call calls now. */
static ftrace_func_t ftrace_cur_func = ftrace_stub;

ftrace_func_t ftrace_call_func(void)
{
	return ftrace_cur_func;
}

/* ---- records ------------------------------------------------------------ */

int ftrace_ip_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * The records of the sites in table[0..n), sorted by ip, one per site,
 * into recs (zeroed, room for n): how many.  The table is in link order:
 * each object's sites in address order, the objects mostly in the order
 * the linker placed their code, but not always (gcc's main() goes to
 * .text.startup, which the linker puts before .text).  So the sites that
 * keep the order are filled in as they come, in one pass, and the few
 * others are set aside, sorted and merged in: a pass over the table
 * instead of a sort of it (the kernel sorts its table at build time,
 * scripts/sorttable).  No worse than sorting them all when nothing is in
 * order.  -ENOMEM if there is no room to set them aside.
 */
static long table_records(struct dyn_ftrace *recs, const unsigned long *table,
			  unsigned long n)
{
	unsigned long i, kept = 0, nodd = 0, room = 0, k, total, nr, last = 0;
	unsigned long ip, *odd = NULL, *more;

	for (i = 0; i < n; i++) {
		ip = ftrace_call_adjust(table[i]);
		if (kept && ip == last)
			continue;
		if (!kept || ip > last) {
			recs[kept++].ip = last = ip;
			continue;
		}
		if (nodd == room) {
			room = room ? 2 * room : 64;
			more = realloc(odd, room * sizeof(*odd));
			if (!more) {
				free(odd);
				return -ENOMEM;
			}
			odd = more;
		}
		odd[nodd++] = ip;
	}
	if (!nodd)
		return kept;
	qsort(odd, nodd, sizeof(*odd), ftrace_ip_cmp);
	/* merge from the top, into the room the odd ones left */
	total = kept + nodd;
	for (k = total; nodd; )
		if (kept && recs[kept - 1].ip > odd[nodd - 1])
			recs[--k].ip = recs[--kept].ip;
		else
			recs[--k].ip = odd[--nodd];
	/* and a site twice in the table is one record */
	for (i = 0, nr = 0; i < total; i++)
		if (!nr || recs[i].ip != recs[nr - 1].ip)
			recs[nr++].ip = recs[i].ip;
	for (i = nr; i < total; i++)
		recs[i].ip = 0;
	free(odd);
	return nr;
}

/*
 * Lock-free: the hot path's ftrace_ops_test() comes here, inside an RCU
 * reader (linux/rcupdate.h).  Libraries that load and go, and the ftraced
 * design's new records, publish a new copy (ftrace_publish()), and the
 * old one is freed once no reader can hold it.
 */
__event_path struct dyn_ftrace *ftrace_lookup_ip(unsigned long ip)
{
	struct ftrace_rec_view *v = __atomic_load_n(&rec_view,
						    __ATOMIC_ACQUIRE);
	unsigned long lo = 0, hi = __atomic_load_n(&v->nr, __ATOMIC_ACQUIRE);
	struct dyn_ftrace *recs = v->recs;

	while (lo < hi) {		/* first record above ip */
		unsigned long mid = (lo + hi) / 2;

		if (recs[mid].ip <= ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? &recs[lo - 1] : NULL;
}

/*
 * The record of the site that holds ip, or NULL.  selfpc lies inside its
 * site's call instruction (x86_64's 6-byte sites: one byte in; ARM's
 * Thumb bit), never further: an ip past that is in a function whose site
 * was not recorded (an object recordmcount never saw), and must not be
 * taken for the function before it.
 */
__event_path struct dyn_ftrace *ftrace_location(unsigned long ip)
{
	struct dyn_ftrace *rec = ftrace_lookup_ip(ip);

	return rec && ip - rec->ip < MCOUNT_INSN_SIZE ? rec : NULL;
}

/* Does ops want the function whose record has this ip? */
static __event_path int ops_wants(struct ftrace_ops *ops,
				  struct ftrace_ops_hash *h,
				  unsigned long rec_ip)
{
	struct ftrace_hash *filter, *skip;

	filter = __atomic_load_n(&h->filter_hash, __ATOMIC_ACQUIRE);
	skip = __atomic_load_n(&h->notrace_hash, __ATOMIC_ACQUIRE);
	if (filter && filter->count && !ftrace_hash_lookup(filter, rec_ip))
		return 0;
	return !(skip && ftrace_hash_lookup(skip, rec_ip));
}

static __event_path struct ftrace_ops_hash *ops_hash(struct ftrace_ops *ops)
{
	if (ops->func_hash)
		return ops->func_hash;
	return ops->flags & FTRACE_OPS_FL_GLOBAL ? &ftrace_global_hash : NULL;
}

/*
 * The same for any ops: one that manages others (FTRACE_OPS_FL_SUBOPS,
 * chapter 8's graph_ops) wants what any of them wants, as the kernel's
 * manager ops is given the union of its subops' hashes (since v6.11)
 */
static __event_path int op_wants(struct ftrace_ops *op, unsigned long rec_ip)
{
	struct ftrace_ops_hash *h;
	struct ftrace_ops *sub;

	if (op->flags & FTRACE_OPS_FL_SUBOPS) {
		for (sub = __atomic_load_n(&op->subop_list, __ATOMIC_ACQUIRE);
		     sub; sub = __atomic_load_n(&sub->next_subop,
						__ATOMIC_ACQUIRE))
			if (op_wants(sub, rec_ip))
				return 1;
		return 0;
	}
	h = ops_hash(op);
	return !h || ops_wants(op, h, rec_ip);
}

__event_path int ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip)
{
	struct dyn_ftrace *rec;
	int ret;

	if (!(ops->flags & FTRACE_OPS_FL_SUBOPS) && !ops_hash(ops))
		return 1;
	/*
	 * The hashes hold rec->ip; selfpc may lie a little after it.  An ip
	 * no record holds is in no filter: with a filter in force it is
	 * refused, without one it passes (notrace cannot name it either).
	 */
	rcu_read_lock();
	rec = ftrace_location(ip);
	ret = op_wants(ops, rec ? rec->ip : ip);
	rcu_read_unlock();
	return ret;
}

int ftrace_ops_filtered(struct ftrace_ops *ops)
{
	struct ftrace_ops_hash *h = ops_hash(ops);
	struct ftrace_hash *filter;
	int ret;

	if (ops->flags & FTRACE_OPS_FL_SUBOPS)
		return 1;
	if (!h)
		return 0;
	rcu_read_lock();
	filter = __atomic_load_n(&h->filter_hash, __ATOMIC_ACQUIRE);
	ret = filter && filter->count;
	rcu_read_unlock();
	return ret;
}

unsigned long ftrace_rec_refs(struct ftrace_ops *list,
			      const struct dyn_ftrace *rec)
{
	struct ftrace_ops *op;
	unsigned long n = 0;

	for (op = list; op; op = op->next)
		n += op_wants(op, rec->ip);
	return n;
}

/* the ops being applied by ftrace_run_update_code(), for the arch's hooks */
static struct ftrace_ops *update_list;

struct ftrace_ops *ftrace_find_unique_ops(const struct dyn_ftrace *rec)
{
	struct ftrace_ops *op, *found = NULL;

	for (op = update_list; op; op = op->next) {
		if (!op_wants(op, rec->ip))
			continue;
		if (found)
			return NULL;
		found = op;
	}
	return found;
}

/* Do a and b want a function in common?  ftrace_lock held. */
int ftrace_ops_overlap(struct ftrace_ops *a, struct ftrace_ops *b)
{
	unsigned long i;

	ftrace_dyn_init();
	for (i = 0; i < ftrace_nr_records; i++) {
		unsigned long ip = ftrace_records[i].ip;

		if (op_wants(a, ip) && op_wants(b, ip))
			return 1;
	}
	return 0;
}

/* ---- updates ---------------------------------------------------------- */

/*
 * An update queues every change it needs (text_patching.h), then applies
 * them all at once with the patch method in use; the records, ftrace_call
 * and ftrace_graph_call are taken to be what the code now is only once
 * that succeeded.  A method that could not run (stop_machine() refused)
 * changed nothing, and the state still says what the code is.
 */

/* What the failed patch was doing, for ftrace_bug(). */
static const char *ftrace_doing;
static struct dyn_ftrace *ftrace_failed_rec;

/*
 * Sites recordmcount never saw (an object built without it) still call
 * MCOUNT_ADDR.  Where that is a stub, they are never traced.  Where it is
 * ftrace_caller itself (the seed design: MCOUNT_ADDR == FTRACE_ADDR),
 * they reach ftrace_call whatever the filters say; the list function
 * tests every ops, and a lone ops with a filter is called through
 * ftrace_ops_assist_func() (stage1-static/ftrace.c), which tests it
 * first: an unrecorded ip is in no filter, so with a filter in force such
 * functions are left out, as where mcount is a stub, and the function
 * tracer agrees with the graph tracer (ftrace_graph_wants(),
 * stage4-dyn-graph/).  Without a filter they are traced, as at stage 1.
 */
static int ftrace_unrecorded_sites_traced(void)
{
	return MCOUNT_ADDR == FTRACE_ADDR;
}

const char *ftrace_unrecorded_fate(void)
{
	return ftrace_unrecorded_sites_traced() ?
		"traced only while no filter is set" : "never traced";
}

int ftrace_ops_needs_test(struct ftrace_ops *ops)
{
	return ftrace_unrecorded_sites_traced() && ftrace_ops_filtered(ops);
}

/*
 * Chapter 5: ftrace_graph_call jumps to ftrace_graph_caller exactly while
 * an ops with FTRACE_OPS_FL_GRAPH is registered: it is decided by the
 * list each update is given, so no separate flag can disagree with it.
 * That ops (the graph tracer's) calls nothing itself; the hijack happens
 * at ftrace_graph_call, and every enabled site reaches it, whichever ops
 * enabled the site.  While all registered ops follow the global filter
 * files, the enabled sites are exactly the graph tracer's.  An ops with
 * its own hash (or none, wanting everything) enables others, and so do
 * sites recordmcount never saw where they reach ftrace_caller while the
 * graph has a filter: then the graph tracer asks ftrace_graph_wants()
 * first (ftrace_graph_filter_check).
 */
int ftrace_graph_filter_check;
static int ftrace_graph_caller_on;	/* ftrace_graph_call is the jump */
static int ftrace_graph_caller_dead;	/* after ftrace_bug(): never again */

/* and the lane's gate, which stands for it too (linux/fgraph_lane.h) */
static void graph_filter_check_set(int check)
{
	__atomic_store_n(&ftrace_graph_filter_check, check, __ATOMIC_RELAXED);
	fgraph_lane_update();
}

static struct ftrace_ops *graph_ops_of(struct ftrace_ops *list)
{
	for (; list; list = list->next)
		if (list->flags & FTRACE_OPS_FL_GRAPH)
			return list;
	return NULL;
}

static int other_ops_differ(struct ftrace_ops *list)
{
	for (; list; list = list->next)
		if (!(list->flags & FTRACE_OPS_FL_GRAPH) &&
		    (list->func_hash || !(list->flags & FTRACE_OPS_FL_GLOBAL)))
			return 1;
	return 0;
}

/* What an update makes the code, queued before it is applied. */
struct update {
	ftrace_func_t	func;		/* what ftrace_call calls */
	int		graph_on;	/* ftrace_graph_call jumps */
	int		graph_check;	/* ftrace_graph_filter_check */
};

/*
 * The address rec's site is to call, or 0: the target the stage chooses
 * (ftrace_rec_target(): FTRACE_ADDR before chapter 8), or the one that
 * serves every site when that one is beyond the site's reach (the arch
 * says -ERANGE).  Its slot goes in the record's flags.
 */
static int queue_call(struct dyn_ftrace *rec, int enabled)
{
	unsigned long fallback, addr = ftrace_rec_target(update_list, rec,
							 &fallback);
	unsigned long cur = rec_cur_addr(rec);
	long k;
	int ret;

	for (;;) {
		k = addr_slot(addr);
		if (k < 0)		/* no slot left: the shared trampoline */
			k = addr_slot(addr = fallback);
		rec_set_slot(rec, FTRACE_FL_NEW_SHIFT, k);
		if (!enabled) {
			ftrace_doing = "turning a NOP into a call of "
				       "ftrace_caller";
			ret = ftrace_make_call(rec, addr);
		} else if (addr != cur || FTRACE_SITE_NAMES_OPS) {
			ftrace_doing = "changing what a site calls";
			ret = ftrace_modify_call(rec, cur, addr);
		} else {
			ret = 0;
		}
		if (ret != -ERANGE || addr == fallback)
			return ret;
		addr = fallback;
	}
}

static int queue_rec(struct dyn_ftrace *rec)
{
	int want = !!(rec->flags & FTRACE_FL_WANT);
	int enabled = !!(rec->flags & FTRACE_FL_ENABLED);

	if (want)
		return queue_call(rec, enabled);
	if (!enabled)
		return 0;
	ftrace_doing = "turning a call of ftrace_caller back into a NOP";
	return ftrace_make_nop(NULL, rec, rec_cur_addr(rec));
}

static int queue_update(struct ftrace_ops *list, struct update *u)
{
	struct ftrace_ops *graph = graph_ops_of(list);
	unsigned long i;
	int ret = 0;

	u->graph_on = graph && !ftrace_graph_caller_dead;
	u->graph_check = u->graph_on && (other_ops_differ(list) ||
					 ftrace_ops_needs_test(graph));
	/*
	 * The sites first, in record order, then the trampoline's two (the
	 * runtime is linked after the program's code): the batch comes out
	 * sorted by address, which text_poke_end() wants.
	 */
	for (i = 0; !ret && i < ftrace_nr_records; i++) {
		struct dyn_ftrace *rec = &ftrace_records[i];

		if (!(rec->flags & FTRACE_FL_FAILED))
			ret = queue_rec(rec);
		if (ret)
			ftrace_failed_rec = rec;
	}
	if (!ret && u->func != ftrace_cur_func) {
		ftrace_doing = "pointing ftrace_call at the new tracer";
		ret = ftrace_update_ftrace_func(u->func);
	}
	/* chapter 5: ftrace_graph_call in the same batch */
	if (!ret && u->graph_on != ftrace_graph_caller_on) {
		ftrace_doing = "patching ftrace_graph_call";
		ret = u->graph_on ? ftrace_enable_ftrace_graph_caller() :
				    ftrace_disable_ftrace_graph_caller();
	}
	return ret;
}

/* The batch is applied: the state says what the code is now. */
static void commit_update(const struct update *u)
{
	unsigned long i;

	ftrace_cur_func = u->func;
	ftrace_graph_caller_on = u->graph_on;
	for (i = 0; i < ftrace_nr_records; i++) {
		struct dyn_ftrace *rec = &ftrace_records[i];

		if (rec->flags & FTRACE_FL_FAILED)
			continue;
		if (!!(rec->flags & FTRACE_FL_WANT) !=
		    !!(rec->flags & FTRACE_FL_ENABLED))
			rec->flags ^= FTRACE_FL_ENABLED;
		rec_set_slot(rec, FTRACE_FL_CUR_SHIFT,
			     rec->flags & FTRACE_FL_ENABLED ?
			     rec_slot(rec, FTRACE_FL_NEW_SHIFT) : 0);
	}
	free_call_slots();
}

/*
 * After ftrace_bug(): stop touching anything that failed, put every site
 * we enabled back to a NOP and ftrace_call back to ftrace_stub, as far as
 * the code lets us.  The program runs on untraced.
 */
static void ftrace_kill(void)
{
	unsigned long i;

	ftrace_disabled = 1;
	ftrace_graph_caller_dead = 1;
	graph_filter_check_set(0);
	for (i = 0; i < ftrace_nr_records; i++)
		ftrace_records[i].flags &= ~FTRACE_FL_WANT;
	/*
	 * What cannot be queued (it is not what we expect) is left alone;
	 * the rest goes back as far as the method lets it.
	 */
	text_poke_begin();
	if (ftrace_cur_func != ftrace_stub &&
	    !ftrace_update_ftrace_func(ftrace_stub))
		ftrace_cur_func = ftrace_stub;
	/* (also when a stray write, not we, made it a jump: verify decides) */
	if (!ftrace_disable_ftrace_graph_caller())
		ftrace_graph_caller_on = 0;
	for (i = 0; i < ftrace_nr_records; i++) {
		struct dyn_ftrace *rec = &ftrace_records[i];

		/*
		 * chapter 8: a site that names its ops calls it whatever
		 * ftrace_call says; a call left there (the stray write) must
		 * find one that does nothing
		 */
		ftrace_rec_set_nop_ops(rec);
		if ((rec->flags & FTRACE_FL_ENABLED) &&
		    !(rec->flags & FTRACE_FL_FAILED) &&
		    !ftrace_make_nop(NULL, rec, rec_cur_addr(rec)))
			rec->flags &= ~FTRACE_FL_ENABLED;
	}
	if (text_poke_end())
		fprintf(stderr, " (and could not undo what it had patched: "
			"%s)\n", text_poke_error());
}

static void print_bytes(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		fprintf(stderr, "%s%02x", i ? ":" : "", p[i]);
	fputc('\n', stderr);
}

static void ftrace_bug_report(int err, struct dyn_ftrace *rec)
{
	const struct text_poke_failure *fail = &text_poke_failure;
	unsigned long ip = rec ? rec->ip : fail->ip;
	char buf[KSYM_NAME_LEN];

	fprintf(stderr, "------------[ ftrace bug ]------------\n");
	switch (err) {
	case -EFAULT:
		fprintf(stderr, "ftrace could not read the code at");
		break;
	case -EINVAL:
		fprintf(stderr, "ftrace found unexpected code at");
		break;
	case -EPERM:
		fprintf(stderr, "ftrace could not write the code at");
		break;
	default:
		fprintf(stderr, "ftrace failed (%s) at", strerror(-err));
	}
	fprintf(stderr, " 0x%lx (%s)\n", ip, ksym_name(ip, buf, sizeof(buf)));
	/* a change may start before rec->ip (the start-up conversion's) */
	if (fail->ip != ip && (err == -EINVAL || err == -EFAULT))
		fprintf(stderr, " bytes from 0x%lx:\n", fail->ip);
	if (err == -EINVAL) {
		fprintf(stderr, " actual:   ");
		print_bytes(fail->actual, fail->len);
	}
	fprintf(stderr, " expected: ");
	print_bytes(fail->expected, fail->len);
	fprintf(stderr, " while %s\n", ftrace_doing ? ftrace_doing : "?");
}

void ftrace_bug(int err, struct dyn_ftrace *rec)
{
	ftrace_bug_report(err, rec);
	fprintf(stderr, " dynamic ftrace is now off; the program runs on "
			"untraced\n");
	if (rec)
		rec->flags |= FTRACE_FL_FAILED;
	ftrace_kill();
}

/* A library's site is not what the arch expects: only the library loses. */
static void ftrace_module_bug(struct module *mod, int err,
			      struct dyn_ftrace *rec)
{
	ftrace_bug_report(err, rec);
	fprintf(stderr, " %s is not traced; the rest of the program is\n",
		mod->name);
}

/*
 * Make every site what the ops of list want, and ftrace_call call func
 * (stage1-static/ftrace.c computed it).  Called with ftrace_lock held.
 * After a ftrace_bug() the answer is 0: the report was the error, and the
 * program must go on.  -EBUSY: the patch method could not run; nothing
 * changed, and the reason is the one-line tracefs error.
 */
int ftrace_run_update_code(struct ftrace_ops *list, ftrace_func_t func)
{
	struct update u = { .func = func };
	unsigned long i;
	int ret;

	ftrace_dyn_init();
	if (ftrace_disabled)
		return 0;
	update_list = list;
	for (i = 0; i < ftrace_nr_records; i++) {
		struct dyn_ftrace *rec = &ftrace_records[i];

		rec->flags &= ~FTRACE_FL_WANT;
		if (ftrace_rec_refs(list, rec))
			rec->flags |= FTRACE_FL_WANT;
	}
	ftrace_failed_rec = NULL;
	text_poke_begin();
	ret = queue_update(list, &u);
	if (ret) {
		/* the code is not what the records say: nothing written */
		text_poke_cancel();
		ftrace_bug(ret, ftrace_failed_rec);
		return 0;
	}
	/* more sites may ask the graph's filter: say so before they do */
	if (u.graph_check)
		graph_filter_check_set(1);
	ret = text_poke_end();
	if (ret == -EINVAL) {
		ftrace_doing = "applying the changes";
		ftrace_bug(ret, NULL);
		return 0;
	}
	if (ret) {
		tracefs_error("%s", text_poke_error());
		return ret;
	}
	commit_update(&u);
	graph_filter_check_set(u.graph_check);
	return 0;
}

/* ---- the start-up conversion ---------------------------------------------- */

/* Every site from a call of mcount to a NOP, in one batch. */
static int convert_code(void)
{
	unsigned long i;
	int ret = 0;

	ftrace_doing = "turning the call of mcount into a NOP at start-up";
	text_poke_begin();
	text_poke_reserve(ftrace_nr_records);
	for (i = 0; !ret && i < ftrace_nr_records; i++) {
		ret = ftrace_init_nop(NULL, &ftrace_records[i]);
		if (ret)
			ftrace_failed_rec = &ftrace_records[i];
	}
	if (ret) {
		text_poke_cancel();
		return ret;
	}
	ftrace_init_written = text_poke_queued();
	ret = text_poke_end();
	if (ret)
		ftrace_failed_rec = NULL;
	return ret;
}

/*
 * Once every recorded site is a NOP, any call of MCOUNT_ADDR left in the
 * program's code belongs to an object recordmcount never saw (built
 * without ftrace-cc): say so once, and what becomes of those functions.
 */
static void count_unrecorded(unsigned long start, unsigned long end,
			     void *data)
{
	*(unsigned long *)data += ftrace_mcount_calls(start, end);
}

/*
 * The compiler's own table of patchable entries (chapter 8).  At stage 5
 * recordmcount --entries moves every object's into __mcount_loc and
 * leaves the original out of the link, and no earlier stage builds with
 * patchable entries: what the linker still collects here comes from
 * objects the kit never recorded.
 */
extern unsigned long __start___patchable_function_entries[]
	__attribute__((weak));
extern unsigned long __stop___patchable_function_entries[]
	__attribute__((weak));

static unsigned long unrecorded_entries(void)
{
	unsigned long *start = __start___patchable_function_entries;

	return start ? __stop___patchable_function_entries - start : 0;
}

static void ftrace_report_unrecorded(void)
{
	unsigned long n = 0;

	if (!IS_ENABLED(CONFIG_FTRACE_MCOUNT_RECORD))	/* ftraced finds them */
		return;
	core_text_for_each(count_unrecorded, &n);
	if (n)
		fprintf(stderr, "ftrace: %lu function%s call%s mcount without "
			"a __mcount_loc record (an object not built with "
			"ftrace-cc?): %s\n", n, n == 1 ? "" : "s",
			n == 1 ? "s" : "", ftrace_unrecorded_fate());
	/* NOPs nothing records: never touched, so never traced */
	n = unrecorded_entries();
	if (n)
		fprintf(stderr, "ftrace: %lu function%s %s a patchable entry "
			"without a __mcount_loc record (an object not built "
			"with ftrace-cc?): never traced\n", n,
			n == 1 ? "" : "s", n == 1 ? "has" : "have");
}

/*
 * The kernel does this at boot (ftrace_init()); here it runs before
 * main(), or earlier if a constructor registers a tracer first.  Until it
 * has run, every site calls mcount, which returns at once.
 */
static void ftrace_init(void)
{
	unsigned long long t0 = ktime_get_ns();
	unsigned long *start = __start___mcount_loc;
	unsigned long n = start ? __stop___mcount_loc - start : 0;
	unsigned long nr;
	int ret;

	ret = text_poke_init();
	if (!ret)
		ret = ftrace_dyn_arch_init();
	if (ret) {
		fprintf(stderr, "ftrace: dynamic ftrace unavailable: %s\n",
			*text_poke_error() ? text_poke_error() :
			strerror(-ret));
		ftrace_disabled = 1;
		return;
	}
	if (!n)
		goto out;
	/*
	 * With its pages there at once (MAP_POPULATE): a page fault for each
	 * on first touch would cost more than filling them.
	 */
	ftrace_records = mmap(NULL, n * sizeof(*ftrace_records),
			      PROT_READ | PROT_WRITE, MAP_PRIVATE |
			      MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	boot_records_size = n * sizeof(*ftrace_records);
	if (ftrace_records == MAP_FAILED) {
		ftrace_records = NULL;
		fprintf(stderr, "ftrace: no memory for %lu records\n", n);
		ftrace_disabled = 1;
		return;
	}
	/* the pages come zeroed: every field but ip starts at 0 */
	nr = table_records(ftrace_records, start, n);
	if ((long)nr < 0) {
		fprintf(stderr, "ftrace: no memory to sort %lu records\n", n);
		ftrace_disabled = 1;
		return;
	}
	ftrace_nr_records = nr;
	boot_view.recs = ftrace_records;
	__atomic_store_n(&boot_view.nr, nr, __ATOMIC_RELEASE);
	/*
	 * Chapter 8: sites the build made ready are not read at all
	 * (FTRACE_SITES_READY, linux/ftrace.h); each is first read when it
	 * first changes.
	 */
	ret = FTRACE_SITES_READY ? 0 : convert_code();
	if (ret == -EBUSY) {
		fprintf(stderr, "ftrace: %s\n", text_poke_error());
		ftrace_disabled = 1;
		return;
	}
	if (ret) {
		ftrace_bug(ret, ftrace_failed_rec);
		return;
	}
	ftrace_update_time_ns = ktime_get_ns() - t0;
out:
	ftrace_report_unrecorded();
}

static pthread_once_t ftrace_init_once = PTHREAD_ONCE_INIT;

void ftrace_dyn_init(void)
{
	pthread_once(&ftrace_init_once, ftrace_init);
}

/* At boot: before the settings are read (linux/init.h). */
static __init_boot void ftrace_dyn_boot(void)
{
	ftrace_dyn_init();
}

/*
 * The ftraced design (ftraced.c), ftrace_lock held: records for the sites
 * at ips[0..n), sorted, none recorded yet, each turned from a call of
 * mcount into its disabled form (a NOP, or with rec_flags FTRACE_FL_JMP
 * the jump over the site) under stop_machine(), as in 2008; the caller
 * then makes them what the registered ops want.  A site whose bytes are
 * not a call of mcount any more is left alone and said, once: the 2008
 * kernel wrote over it (chapter 4, "History").  Returns how many were
 * added, or -EBUSY (stop_machine() refused: nothing changed, try again
 * later).
 */
long ftrace_add_records(const unsigned long *ips, unsigned long n,
			unsigned long rec_flags)
{
	unsigned long i, added = 0;
	struct dyn_ftrace *fresh;
	int ret;

	ftrace_dyn_init();
	if (ftrace_disabled || !n)
		return 0;
	fresh = calloc(n, sizeof(*fresh));
	if (!fresh)
		return -ENOMEM;
	text_poke_begin();
	for (i = 0; i < n; i++) {
		struct dyn_ftrace *rec = &fresh[added];

		rec->ip = ips[i];
		rec->flags = rec_flags;
		ret = ftrace_make_nop(NULL, rec, MCOUNT_ADDR);
		if (ret == -EINVAL || ret == -EFAULT) {
			char name[KSYM_NAME_LEN];

			fprintf(stderr, "ftrace: ftraced: the code at 0x%lx "
				"(%s) no longer calls mcount; left alone\n",
				ips[i], ksym_name(ips[i], name, sizeof(name)));
			continue;
		}
		if (ret) {
			text_poke_cancel();
			free(fresh);
			return ret;
		}
		added++;
	}
	ret = text_poke_end_stopped();
	if (!ret)
		ret = ftrace_merge_records(fresh, added);
	free(fresh);
	return ret ?: (long)added;
}

/* A copy of n records, its view in front (ftrace_rec_view). */
static struct ftrace_rec_view *view_alloc(unsigned long n)
{
	struct ftrace_rec_view *v = malloc(sizeof(*v) + n * sizeof(*v->recs));

	if (v) {
		v->recs = (struct dyn_ftrace *)(v + 1);
		v->nr = n;
	}
	return v;
}

/* A copy no reader can hold any more (rcu_free()). */
static void view_free(void *p)
{
	struct ftrace_rec_view *v = p;

	if (v == &boot_view)
		munmap(v->recs, boot_records_size);
	else
		free(v);
}

/*
 * Publish v as the records.  The old copy is freed once no reader can be
 * in it.  ftrace_lock held, which the caller keeps until it has had the
 * names reset (ftrace_names_reset()).
 */
static void ftrace_publish(struct ftrace_rec_view *v)
{
	struct ftrace_rec_view *old = rec_view;

	ftrace_records = v->recs;
	ftrace_nr_records = v->nr;
	__atomic_store_n(&rec_view, v, __ATOMIC_RELEASE);
	rcu_free(old, view_free);
}

/* Add fresh[0..n) (sorted, disabled, none recorded yet) to the records. */
int ftrace_merge_records(const struct dyn_ftrace *fresh, unsigned long n)
{
	unsigned long nr = ftrace_nr_records, i, j, k;
	struct ftrace_rec_view *v = view_alloc(nr + n);

	if (!v)
		return -ENOMEM;	/* (the sites stay disabled, unrecorded) */
	for (i = j = k = 0; k < nr + n; k++)
		v->recs[k] = j == n || (i < nr &&
			     ftrace_records[i].ip < fresh[j].ip) ?
			     ftrace_records[i++] : fresh[j++];
	ftrace_publish(v);
	return 0;
}

/*
 * A library loads (module.c, ftrace_lock held): a record for each of
 * ips[0..n) (sorted, unique, inside the library's code), each site
 * turned from its call of mcount into a NOP by the arch, which reads
 * what it needs of mod.  All or nothing: a site that is not what the
 * arch expects leaves the whole library as it was, untraced, and says
 * so; the rest of the program goes on being traced (the kernel refuses
 * such a module).  Returns how many records were added, or -errno.
 */
long ftrace_module_records(struct module *mod, const unsigned long *ips,
			   unsigned long n)
{
	struct dyn_ftrace *fresh;
	unsigned long i;
	int ret = 0;

	if (ftrace_disabled || !n)
		return 0;
	fresh = calloc(n, sizeof(*fresh));
	if (!fresh)
		return -ENOMEM;
	ftrace_doing = "turning the call of mcount into a NOP in a library";
	text_poke_begin();
	text_poke_reserve(n);
	for (i = 0; !ret && i < n; i++) {
		fresh[i].ip = ips[i];
		ret = ftrace_init_nop(mod, &fresh[i]);
	}
	if (ret) {
		text_poke_cancel();
		ftrace_module_bug(mod, ret, &fresh[i - 1]);
	} else {
		ret = text_poke_end();
		if (ret)
			fprintf(stderr, "ftrace: %s: not traced: %s\n",
				mod->name, text_poke_error());
	}
	if (!ret)
		ret = ftrace_merge_records(fresh, n);
	free(fresh);
	return ret ?: (long)n;
}

/*
 * A library goes (module.c, ftrace_lock held): its records go with it,
 * before its code is unmapped, and nothing of it is patched again (the
 * 2008 kernel wrote into freed module text).  Its sites are left as
 * they are: the code is about to disappear.
 */
void ftrace_release_records(unsigned long start, unsigned long end)
{
	unsigned long nr = ftrace_nr_records, i, k;
	struct ftrace_rec_view *v = view_alloc(nr);

	if (!v) {
		/* cannot shrink: mark them, so no update touches them */
		for (i = 0; i < nr; i++)
			if (ftrace_records[i].ip >= start &&
			    ftrace_records[i].ip < end)
				ftrace_records[i].flags |= FTRACE_FL_FAILED;
		return;
	}
	for (i = k = 0; i < nr; i++)
		if (ftrace_records[i].ip < start || ftrace_records[i].ip >= end)
			v->recs[k++] = ftrace_records[i];
	v->nr = k;
	ftrace_publish(v);
}

void ftrace_dyn_stats(struct ftrace_stats *st)
{
	unsigned long i;

	st->dyn_ftrace_total = ftrace_nr_records;
	st->dyn_ftrace_update_ns = ftrace_update_time_ns;
	st->dyn_ftrace_enabled = 0;
	for (i = 0; i < ftrace_nr_records; i++)
		if (ftrace_records[i].flags & FTRACE_FL_ENABLED)
			st->dyn_ftrace_enabled++;
}
