// SPDX-License-Identifier: GPL-2.0
/*
 * The users of the return stack: struct fgraph_ops, as the kernel has had
 * them since v6.11 (kernel/trace/fgraph.c).  The design document knows one
 * user, registered with two callbacks; the kernel's function_graph tracer
 * and its profiler were two, and BPF's and fprobe's more.  Up to
 * FGRAPH_ARRAY_SIZE users hold an index each (gops->idx).
 *
 * The hooks read one pair of pointers, ftrace_graph_entry and
 * ftrace_graph_return, which point at fgraph_entry() and fgraph_return()
 * while anyone is a user.  A call is hijacked once, whoever wants it: the
 * frame pushed for it (fgraph.c) gets a bit for each user whose entryfunc
 * took it (e->users, the kernel's bitmap in its shadow stack), and its
 * return goes to those users only.  A user may keep data of its own in the
 * frame from entry to return (fgraph_reserve_data()).
 *
 * Each user has a filter: gops->ops, its own hash or the filter files
 * (FTRACE_OPS_FL_GLOBAL).  Chapter 8's graph_ops wants what its users
 * want together (stage5-entry/fgraph_entry.c); with two users or more,
 * or at chapter 5 one with a filter of its own, an entry asks the user's
 * filter before its entryfunc (gops->test), as the kernel's
 * kernel/trace/fgraph.c does when it has more than one.
 */
#include <errno.h>
#include <pthread.h>
#include <linux/event_path.h>
#include <linux/fork_lock.h>
#include <linux/fgraph_lane.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include "fgraph.h"

static struct fgraph_ops *fgraph_array[FGRAPH_ARRAY_SIZE];
static unsigned long fgraph_mask;	/* the indexes in use */
static unsigned char fgraph_gen[FGRAPH_ARRAY_SIZE];	/* users so far */
static pthread_mutex_t fgraph_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * The common case, one user whose filter is the sites' (gops->test 0):
 * no loop, no test, fgraph.c calls it itself (fgraph_one, the kernel's
 * fgraph_direct_gops, a static call).  Its frames carry its bit all the
 * same, so a frame entered one way returns the other way as well when
 * users come or go in between.  If it also has a fast path of its own
 * (fast_entry and fast_return, the kit's: the kernel has none), that
 * takes every call first (fgraph_fast, fgraph.c).
 */

static __event_path int fgraph_entry(struct ftrace_graph_ent *trace)
{
	unsigned long mask = __atomic_load_n(&fgraph_mask, __ATOMIC_ACQUIRE);
	unsigned int users = 0;
	int i;

	for (i = 0; mask; i++, mask >>= 1) {
		struct fgraph_ops *gops;

		if (!(mask & 1))
			continue;
		gops = __atomic_load_n(&fgraph_array[i], __ATOMIC_ACQUIRE);
		if (!gops || (gops->test &&
			      !ftrace_ops_test(&gops->ops, trace->func)))
			continue;
		if (gops->entryfunc(trace, gops)) {
			users |= 1U << i;
			fgraph_frame->gen[i] = gops->gen;
		}
	}
	fgraph_frame->users = users;
	return users != 0;
}

/*
 * The users that took the call.  An index given up and taken again since
 * the call began is another user's now, which sees no return of it: each
 * index counts its users (gops->gen), and the frame keeps the count of
 * the one that took it (the kernel's LRU of indexes only makes such a
 * return rarer).
 */
static __event_path void fgraph_return(struct ftrace_graph_ret *trace)
{
	unsigned int users = fgraph_frame->users;
	int i;

	for (i = 0; users; i++, users >>= 1) {
		struct fgraph_ops *gops;

		if (!(users & 1))
			continue;
		gops = __atomic_load_n(&fgraph_array[i], __ATOMIC_ACQUIRE);
		if (gops && fgraph_frame->gen[i] == gops->gen)
			gops->retfunc(trace, gops);
	}
}

/* ---- the users' data in the frame ---------------------------------------- */

#define DATA_HDR(idx, words)	((unsigned long)(idx) << 8 | (words))
#define DATA_IDX(hdr)		((int)((hdr) >> 8))
#define DATA_WORDS(hdr)		((unsigned int)((hdr) & 0xff))

/*
 * From entryfunc: size_bytes of room in the frame being entered, found
 * again at its return.  The frame is the thread's own and its callbacks
 * run one at a time (a signal handler's calls have frames of their own,
 * fgraph_frame says which), so no lock.
 */
__event_path void *fgraph_reserve_data(int idx, int size_bytes)
{
	struct ftrace_ret_stack *e = fgraph_frame;
	unsigned int words = (size_bytes + sizeof(long) - 1) / sizeof(long);
	unsigned long *hdr;

	if (!e || size_bytes <= 0 || size_bytes > (int)FGRAPH_MAX_DATA_SIZE ||
	    e->data_words + 1 + words > FGRAPH_FRAME_WORDS)
		return NULL;
	hdr = &e->data[e->data_words];
	*hdr = DATA_HDR(idx, words);
	e->data_words += 1 + words;
	return hdr + 1;
}

static __event_path void *frame_data(struct ftrace_ret_stack *e, int idx,
				     int *size_bytes)
{
	unsigned int k;

	for (k = 0; k < e->data_words; k += 1 + DATA_WORDS(e->data[k]))
		if (DATA_IDX(e->data[k]) == idx) {
			if (size_bytes)
				*size_bytes = DATA_WORDS(e->data[k]) *
					      sizeof(long);
			return &e->data[k + 1];
		}
	return NULL;
}

/* From retfunc: what this user reserved at the entry of the returning call */
__event_path void *fgraph_retrieve_data(int idx, int *size_bytes)
{
	return fgraph_frame ? frame_data(fgraph_frame, idx, size_bytes) : NULL;
}

/*
 * The same in the frame depth calls further out (1: the caller's, if the
 * caller is hijacked too); the frames of other stacks between (a
 * suspended coroutine's, holes) do not count.
 */
__event_path void *fgraph_retrieve_parent_data(int idx, int *size_bytes,
					      int depth)
{
	struct ftrace_ret_stack *e = fgraph_frame;
	int k;

	if (!e || depth < 0)
		return NULL;
	for (k = e - ret_stack - 1; depth && k >= 0; k--)
		if (ret_stack[k].sp && ret_stack[k].stack == e->stack &&
		    !--depth)
			e = &ret_stack[k];
	return depth ? NULL : frame_data(e, idx, size_bytes);
}

/* ---- registration --------------------------------------------------------- */

/*
 * Point the hooks at the users, or at the stubs; the return hook first.
 * Chapter 5 (stage4-dyn-graph/): mcount is a stub, so the hooks alone
 * reach nothing; the sites follow whether anyone is a user.
 */
static int fgraph_update(void)
{
	int on = !!fgraph_mask, i;
	struct fgraph_ops *one = NULL;
	fgraph_return_t ret = on ? fgraph_return : graph_return_stub;
	fgraph_entry_t entry = on ? fgraph_entry : ftrace_graph_entry_stub;

	if (__builtin_popcountl(fgraph_mask) == 1) {
		i = __builtin_ctzl(fgraph_mask);
		if (!fgraph_array[i]->test)
			one = fgraph_array[i];
	}
	__atomic_store_n(&fgraph_one, one, __ATOMIC_RELEASE);
	__atomic_store_n(&fgraph_fast, one && one->fast_entry &&
			 one->fast_return && !fgraph_stopped() ? one : NULL,
			 __ATOMIC_RELEASE);
	fgraph_lane_update();
	__atomic_store_n(&ftrace_graph_return, ret, __ATOMIC_RELEASE);
	__atomic_store_n(&ftrace_graph_entry, entry, __ATOMIC_RELEASE);
	if (on)
		return ftrace_graph_startup();
	return ftrace_graph_shutdown();
}

/* Which users ask their filter at each entry (fgraph_lock held) */
static void fgraph_set_tests(void)
{
	int i, n = __builtin_popcountl(fgraph_mask);

	for (i = 0; i < FGRAPH_ARRAY_SIZE; i++)
		if (fgraph_mask & (1UL << i))
			fgraph_array[i]->test =
				n > 1 || !ftrace_graph_sites_follow(
						&fgraph_array[i]->ops);
}

/*
 * A free index for gops (fgraph_lock held): its own last one, if nobody
 * held it since; else the one given up longest ago, as the kernel's LRU
 * of indexes picks (fgraph_lru_alloc_index(), kernel/trace/fgraph.c,
 * since v6.11).  An index just given up is the one a call on its way
 * through the old user's entryfunc may still take for it: another user
 * gets it last (unregister_ftrace_graph()).  -1 when all are in use.
 */
static unsigned long fgraph_freed[FGRAPH_ARRAY_SIZE];	/* when; 0: never */
static unsigned long fgraph_frees;

static int fgraph_pick_index(struct fgraph_ops *gops)
{
	int i, best = -1;

	i = gops->idx;
	if (i >= 0 && i < FGRAPH_ARRAY_SIZE && !fgraph_array[i] &&
	    gops->gen == fgraph_gen[i])
		return i;
	for (i = 0; i < FGRAPH_ARRAY_SIZE; i++)
		if (!fgraph_array[i] &&
		    (best < 0 || fgraph_freed[i] < fgraph_freed[best]))
			best = i;
	return best;
}

int register_ftrace_graph(struct fgraph_ops *gops)
{
	int i, ret;

	if (!gops || !gops->entryfunc || !gops->retfunc)
		return -EINVAL;
	pthread_mutex_lock(&fgraph_lock);
	for (i = 0; i < FGRAPH_ARRAY_SIZE && fgraph_array[i] != gops; i++)
		;
	if (i < FGRAPH_ARRAY_SIZE) {
		pthread_mutex_unlock(&fgraph_lock);
		return -EBUSY;
	}
	i = fgraph_pick_index(gops);
	if (i < 0) {
		pthread_mutex_unlock(&fgraph_lock);
		return -EBUSY;
	}
	/* back at its index with nobody there since: its count is kept */
	if (gops->idx != i || gops->gen != fgraph_gen[i])
		gops->gen = ++fgraph_gen[i];
	gops->idx = i;
	ftrace_graph_user_add(gops);
	__atomic_store_n(&fgraph_array[i], gops, __ATOMIC_RELEASE);
	__atomic_or_fetch(&fgraph_mask, 1UL << i, __ATOMIC_RELEASE);
	fgraph_set_tests();
	ret = fgraph_update();
	if (ret) {	/* the code could not be changed */
		__atomic_and_fetch(&fgraph_mask, ~(1UL << i),
				   __ATOMIC_RELEASE);
		fgraph_update();
		__atomic_store_n(&fgraph_array[i], NULL, __ATOMIC_RELEASE);
		ftrace_graph_user_del(gops);
		fgraph_set_tests();
	}
	pthread_mutex_unlock(&fgraph_lock);
	return ret;
}

/*
 * Functions hijacked before keep returning through return_to_handler,
 * which works with the stubs too: the return stack outlives its users
 * (their bits in those frames name no user then).  When the code cannot
 * be changed (chapter 5: the sites stay calls) the user stays registered.
 *
 * The user's count moves on at once, to the one it will have if it comes
 * back at this index first.  That is what a switch of tracers needs: a
 * thread still on its way through the user's entryfunc takes the call
 * with one count or the other, which it reads after reserving the entry
 * record (graph_fast_entry(), fgraph_entry()).  Read before the move
 * (an old frame, whose return nobody reports), the record was reserved
 * before the ring buffer's reset, which clears it; read after it, the
 * frame is the next registration's, which reports its return: the
 * tracer comes back at the same index, which another user registered
 * meanwhile (the profiler, from another thread) takes only when every
 * other index is in use or was given up since (fgraph_pick_index()).
 * So no call the stopped tracer began is left open in the new trace,
 * short of FGRAPH_ARRAY_SIZE users coming and going during one switch.
 */
int unregister_ftrace_graph(struct fgraph_ops *gops)
{
	int i = gops->idx, ret;

	pthread_mutex_lock(&fgraph_lock);
	if (i < 0 || i >= FGRAPH_ARRAY_SIZE || fgraph_array[i] != gops) {
		pthread_mutex_unlock(&fgraph_lock);
		return -ENOENT;
	}
	__atomic_and_fetch(&fgraph_mask, ~(1UL << i), __ATOMIC_RELEASE);
	ftrace_graph_user_del(gops);
	fgraph_set_tests();
	ret = fgraph_update();
	if (ret) {
		ftrace_graph_user_add(gops);
		__atomic_or_fetch(&fgraph_mask, 1UL << i, __ATOMIC_RELEASE);
		fgraph_set_tests();
		fgraph_update();
	} else {
		__atomic_store_n(&fgraph_array[i], NULL, __ATOMIC_RELEASE);
		/* its frames from now on are its next registration's */
		__atomic_store_n(&gops->gen, ++fgraph_gen[i],
				 __ATOMIC_RELAXED);
		fgraph_freed[i] = ++fgraph_frees;
	}
	pthread_mutex_unlock(&fgraph_lock);
	return ret;
}

static __init_core void fgraph_ops_init(void)
{
	fork_lock_register(&fgraph_lock, FORK_LOCK_FGRAPH, NULL);
}
