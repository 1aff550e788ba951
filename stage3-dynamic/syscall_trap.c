// SPDX-License-Identifier: GPL-2.0
/*
 * System calls seen from user space (docs/07-syscalls.md): the part of
 * the kernel's entry code that tests TIF_SYSCALL_TRACEPOINT and calls the
 * tracepoints around the call.
 *
 * A user-space program has no entry code of its own, but every system
 * call it makes is an instruction in the C library (or the dynamic
 * loader).  Each of those sites, listed when the kit was built
 * (linux/syscall_sites.h), is patched into a trap of the same size
 * (asm/syscall.h).  The trap's handler is the "entry code":
 *
 *   site:   trap 1    ftrace_syscall_enter(); resume at the site's slot
 *   slot:   the original instruction, then trap 2
 *           trap 2    ftrace_syscall_exit(); resume after the site
 *
 * The system call itself runs out of line, in the slot, in the thread's
 * own context, as uprobes runs a probed instruction: a call made inside
 * the handler would return into the handler (clone with a new stack,
 * vfork) or be undone by its sigreturn (sigprocmask, sigaltstack).  Each
 * site has its own slot, so trap 2's address says which site to return
 * to, whatever thread, stack or signal nesting it comes from.
 *
 * What the handler keeps per thread (pending[], keyed by the stack
 * pointer, which the instruction does not move): the number, which the
 * result overwrites on most arches, and an argument it replaced.  A slot
 * is claimed by one atomic exchange of its key, found by its key, freed
 * by a store: two threads that share their thread-local storage (a
 * child of clone(CLONE_VM) without CLONE_SETTLS, on a stack of its own:
 * stage1-static/clone_vm.c) use the same array without a lock and never
 * take each other's slot.  The
 * trap signal must never be blocked where a site can run, so a mask the
 * call would set (rt_sigprocmask, rt_sigsuspend, ppoll, pselect6,
 * epoll_pwait) is copied without it and the argument pointed at the copy,
 * then given back at trap 2: the program, and the C library's own blocks
 * around clone(), never see the difference.
 */
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <asm/cacheflush.h>
#include <asm/raw_syscall.h>
#include <asm/syscall.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/syscall_sites.h>
#include <linux/text_patching.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>
#include <linux/trap_signal.h>
#include <trace/syscall.h>
#include "ftrace_internal.h"

/* One patched object: its sites (sorted) and their slots. */
struct sc_object {
	const char	*name;
	const char	*path;		/* the loader's name for it */
	unsigned long	base;		/* load bias (dlpi_addr) */
	unsigned long	text_lo, text_hi;	/* its executable segments */
	int		gone;		/* dlclose()d: its sites are no one's */
	unsigned long	*ips;		/* absolute, sorted */
	unsigned char	*len;		/* each site's instruction */
	long		*last_nr;	/* each site's last number */
	unsigned char	*xol;		/* nr slots of SYSCALL_XOL_SLOT */
	unsigned long	nr;
	unsigned char	*branch;	/* each site: a branch to its slot (1)
					   or a trap (0); NULL: all traps */
};

#define SC_MAX_OBJECTS	32
static struct sc_object sc_objects[SC_MAX_OBJECTS];
static unsigned int sc_nr_objects;	/* published: filled before */

/* The kernel's sigset: _NSIG - 1 signals (64; 128 on MIPS) */
#define KSIGSET		((_NSIG - 1) / 8)

/* A call in flight on this thread (trap 1 done, trap 2 to come). */
struct sc_pending {
	unsigned long	sp;		/* 0: free; claimed atomically */
	long		nr;
	int		fix;		/* argument replaced, or -1 */
	unsigned long	orig;		/* its value */
	unsigned char	set[KSIGSET];	/* the copied mask */
	unsigned long	sel[2];		/* pselect6's { set, size } */
#ifdef SYSCALL_SIGACTION_MASK_TWICE
	unsigned long	act[4];		/* rt_sigaction's, asm/syscall.h */
#endif
};

/* the tracepoints' probes (trace/syscall.h) */
static sys_probe_fn sys_enter_probe, sys_exit_probe;

#define SC_PENDING	16
static __thread struct sc_pending pending[SC_PENDING];
static __thread unsigned int pending_next;	/* where a full array evicts */

/* the "stats" file: calls that came through a trap, and through a branch */
static unsigned long sc_traps, sc_branches;

/* ---- finding a trap's site ------------------------------------------------ */

static long site_index(const struct sc_object *o, unsigned long ip)
{
	unsigned long lo = 0, hi = o->nr, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (o->ips[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < o->nr && o->ips[lo] == ip ? (long)lo : -1;
}

/* The slot of o that ip lies in, or -1. */
static long slot_index(const struct sc_object *o, unsigned long ip)
{
	unsigned long off = ip - (unsigned long)o->xol;

	return off < o->nr * SYSCALL_XOL_SLOT ?
		(long)(off / SYSCALL_XOL_SLOT) : -1;
}

/* trap 1 at a site (1), trap 2 in a slot (2), or not ours (0) */
static int sc_find(unsigned long ip, struct sc_object **op, long *ip_i)
{
	unsigned int n = __atomic_load_n(&sc_nr_objects, __ATOMIC_ACQUIRE);
	unsigned int k;
	long i;

	for (k = 0; k < n; k++) {
		struct sc_object *o = &sc_objects[k];

		if (__atomic_load_n(&o->gone, __ATOMIC_ACQUIRE))
			continue;
		*op = o;
		i = slot_index(o, ip);
		if (i >= 0) {
			unsigned long off = ip - (unsigned long)o->xol -
					    i * SYSCALL_XOL_SLOT;

			*ip_i = i;
#ifdef SYSCALL_XOL_BRANCH
			/* a branched call that needs the trap path */
			if (off == SYSCALL_XOL_BRANCH_TRAP && o->branch &&
			    o->branch[i])
				return 1;
#endif
			/* trap 2 is the slot's instruction's length in */
			return off == o->len[i] ? 2 : 0;
		}
		if (ip < o->ips[0] || ip > o->ips[o->nr - 1])
			continue;
		i = site_index(o, ip);
		if (i >= 0) {
			*ip_i = i;
			return 1;
		}
	}
	return 0;
}

/* ---- the masks ------------------------------------------------------------ */

/* Can len bytes at p be read?  (A bad pointer is the call's EFAULT.) */
static int readable(unsigned long p, size_t len)
{
	unsigned long page = sysconf(_SC_PAGESIZE), start = p & ~(page - 1);
	unsigned char vec[2];

	if (!p || p + len < p || len > page)
		return 0;
	/* mincore() fails with ENOMEM on an address nothing is mapped at */
	return raw_syscall3(SYS_mincore, start, p + len - start,
			    (long)vec) == 0;
}

/* The argument that points at a mask the call sets, or -1. */
static int mask_arg(long nr, const unsigned long *args)
{
	switch (nr) {
	case SYS_rt_sigprocmask:
		return args[1] && args[0] != SIG_UNBLOCK ? 1 : -1;
	case SYS_rt_sigsuspend:
		return 0;
#ifdef SYS_ppoll
	case SYS_ppoll:
#endif
#ifdef SYS_ppoll_time64
	case SYS_ppoll_time64:
#endif
		return args[3] ? 3 : -1;
#ifdef SYS_epoll_pwait
	case SYS_epoll_pwait:
#endif
#ifdef SYS_epoll_pwait2
	case SYS_epoll_pwait2:
#endif
		return args[4] ? 4 : -1;
#ifdef SYS_pselect6
	case SYS_pselect6:
#endif
#ifdef SYS_pselect6_time64
	case SYS_pselect6_time64:
#endif
		return args[5] ? 5 : -1;
	}
	return -1;
}

static int is_pselect(long nr)
{
#ifdef SYS_pselect6
	if (nr == SYS_pselect6)
		return 1;
#endif
#ifdef SYS_pselect6_time64
	if (nr == SYS_pselect6_time64)
		return 1;
#endif
	return 0;
}

/* Copy the mask without the never-blocked signals, if it has one. */
static void mask_fixup(struct pt_regs *regs, struct sc_pending *p)
{
	unsigned long args[6], set;
	const unsigned long *sel;
	sigset_t copy;
	int a = -1;

	syscall_get_arguments(regs, args);
	a = mask_arg(p->nr, args);
	if (a < 0)
		return;
	set = args[a];
	if (is_pselect(p->nr)) {
		/* pselect6's sixth argument: { const sigset_t *, size_t } */
		if (!readable(set, sizeof(p->sel)))
			return;
		sel = (const unsigned long *)set;
		p->sel[0] = sel[0];
		p->sel[1] = sel[1];
		set = sel[0];
	}
	if (!readable(set, sizeof(p->set)))
		return;
	memcpy(p->set, (const void *)set, sizeof(p->set));
	/* the kernel's sigset is a prefix of the C library's */
	memset(&copy, 0, sizeof(copy));
	memcpy(&copy, p->set, sizeof(p->set));
	trap_signal_unblock(&copy);
	if (!memcmp(&copy, p->set, sizeof(p->set)))
		return;
	memcpy(p->set, &copy, sizeof(p->set));
	p->fix = a;
	p->orig = args[a];
	if (is_pselect(p->nr)) {
		p->sel[0] = (unsigned long)p->set;
		args[a] = (unsigned long)p->sel;
	} else {
		args[a] = (unsigned long)p->set;
	}
	syscall_set_arguments(regs, args);
}

#ifdef SYSCALL_SIGACTION_MASK_TWICE
/*
 * rt_sigaction's new action, copied with its mask in the word after it
 * too (the arch's asm/syscall.h says why); given back at trap 2 by
 * mask_restore().
 */
static void sigaction_fixup(struct pt_regs *regs, struct sc_pending *p)
{
	const unsigned long *act;
	unsigned long args[6];

	syscall_get_arguments(regs, args);
	if (p->nr != SYS_rt_sigaction || !args[1] ||
	    !readable(args[1], 3 * sizeof(long)))
		return;
	act = (const unsigned long *)args[1];
	p->act[0] = act[0];
	p->act[1] = act[1];
	p->act[2] = p->act[3] = act[2];
	p->fix = 1;
	p->orig = args[1];
	args[1] = (unsigned long)p->act;
	syscall_set_arguments(regs, args);
}
#else
static void sigaction_fixup(struct pt_regs *regs, struct sc_pending *p)
{
}
#endif

static void mask_restore(struct pt_regs *regs, struct sc_pending *p)
{
	unsigned long args[6];
	long ret = syscall_get_return_value(regs);

	if (p->fix < 0)
		return;
	/* (an argument register may also hold the result: ARM's r0) */
	syscall_get_arguments(regs, args);
	args[p->fix] = p->orig;
	syscall_set_arguments(regs, args);
	syscall_set_return_value(regs, ret < 0 && ret > -4096 ? ret : 0, ret);
}

/* ---- the two traps -------------------------------------------------------- */

static struct sc_pending *pending_find(unsigned long sp)
{
	unsigned int i;

	for (i = 0; i < SC_PENDING; i++)
		if (__atomic_load_n(&pending[i].sp, __ATOMIC_ACQUIRE) == sp)
			return &pending[i];
	return NULL;
}

static struct sc_pending *pending_push(unsigned long sp)
{
	struct sc_pending *p = pending_find(sp);
	unsigned long free;
	unsigned int i;

	/*
	 * An entry of this stack pointer is stale (two calls cannot be in
	 * flight at one sp: a handler that interrupts one runs below it or
	 * on another stack): its call was left by a longjmp out of a
	 * handler, or its return was taken by a vfork child.  It is reused.
	 */
	if (p)
		return p;
	for (i = 0; i < SC_PENDING; i++) {
		free = 0;
		if (__atomic_compare_exchange_n(&pending[i].sp, &free, sp, 0,
						__ATOMIC_ACQ_REL,
						__ATOMIC_RELAXED))
			return &pending[i];
	}
	/*
	 * Full: a slot is taken from its call in turn (its exit event will
	 * guess its number).  Sixteen calls in flight on one thread are
	 * handlers nested that deep, or calls left by longjmp().
	 */
	i = __atomic_fetch_add(&pending_next, 1, __ATOMIC_RELAXED) % SC_PENDING;
	__atomic_store_n(&pending[i].sp, sp, __ATOMIC_RELEASE);
	return &pending[i];
}

#if defined(SYSCALL_XOL_RETURN) || defined(SYSCALL_XOL_BRANCH)
/*
 * Calls that must come back through the trap: those whose child returns
 * on a stack of its own (clone, clone3: no frame of the slot's there) or
 * on the parent's, which the parent still uses (vfork); fork with them,
 * as the C library makes it with clone.  Rare, and each call only.
 */
static int sc_new_context(long nr)
{
#ifdef SYS_vfork
	if (nr == SYS_vfork)
		return 1;
#endif
	return syscall_nr_clones(nr);
}
#endif

static int sc_is_exec(long nr)
{
#ifdef SYS_execveat
	if (nr == SYS_execveat)
		return 1;
#endif
	return nr == SYS_execve;
}

/*
 * The tracepoints, as the kernel's entry code calls them: not for the
 * calls a probe makes itself (they would come back here).
 */
static void sc_probe_enter(struct pt_regs *regs, long nr)
{
	if (ftrace_in_probe || !sys_enter_probe)
		return;
	ftrace_in_probe = 1;
	sys_enter_probe(regs, nr);
	/* the image's last call: the trace can be written */
	if (nr == SYS_exit_group)
		trace_exit_group();
	else if (sc_is_exec(nr))
		trace_execve();
	ftrace_in_probe = 0;
}

static void sc_probe_exit(struct pt_regs *regs, long nr)
{
	if (ftrace_in_probe || !sys_exit_probe)
		return;
	ftrace_in_probe = 1;
	/* an exec that returns failed: the image records on */
	if (sc_is_exec(nr))
		trace_execve_failed();
	sys_exit_probe(regs, nr);
	ftrace_in_probe = 0;
}

static void sc_enter(struct pt_regs *regs, struct sc_object *o, long i)
{
	struct sc_pending *p = pending_push(user_stack_pointer(regs));
	unsigned long slot;

	p->nr = syscall_get_nr(regs);
	p->fix = -1;
	__atomic_store_n(&o->last_nr[i], p->nr, __ATOMIC_RELAXED);
	sc_probe_enter(regs, p->nr);
	mask_fixup(regs, p);
	sigaction_fixup(regs, p);
	slot = (unsigned long)o->xol + i * SYSCALL_XOL_SLOT;
#ifdef SYSCALL_XOL_RETURN
	/* the way back without a trap, where the call returns to the slot */
	if (p->fix < 0 && !sc_new_context(p->nr))
		slot += SYSCALL_XOL_RETURN;
#endif
	arch_syscall_resume(regs, slot, o->ips[i]);
}

static void sc_exit(struct pt_regs *regs, struct sc_object *o, long i)
{
	struct sc_pending *p = pending_find(user_stack_pointer(regs));
	long nr;

	if (p) {
		nr = p->nr;
		mask_restore(regs, p);
		__atomic_store_n(&p->sp, 0, __ATOMIC_RELEASE);
	} else {
		/*
		 * A call whose entry this thread did not see: a clone child
		 * on its new stack, the parent after a vfork child took the
		 * entry.  The site's last number is the call's (such sites
		 * make one kind of call).
		 */
		nr = __atomic_load_n(&o->last_nr[i], __ATOMIC_RELAXED);
	}
	sc_probe_exit(regs, nr);
	arch_syscall_resume(regs, o->ips[i] + o->len[i], o->ips[i]);
}

#if defined(SYSCALL_XOL_RETURN) || defined(SYSCALL_XOL_BRANCH)
/*
 * The object and site of a slot that called the kit's C.  (An object
 * dlclose()d meanwhile keeps its slots and its tables.)
 */
static struct sc_object *slot_object(unsigned long slot, long *ip_i)
{
	static const char msg[] = "ftrace: syscalls: a call from no slot\n";
	unsigned int n = __atomic_load_n(&sc_nr_objects, __ATOMIC_ACQUIRE);
	unsigned int k;

	for (k = 0; k < n; k++)
		if ((*ip_i = slot_index(&sc_objects[k], slot)) >= 0)
			return &sc_objects[k];
	/* cannot happen: only a slot calls here */
	if (write(2, msg, sizeof(msg) - 1) < 0)
		abort();
	abort();
}
#endif

#ifdef SYSCALL_XOL_RETURN
/*
 * The way back without a trap (asm/syscall.h): the arch's code after the
 * slot's instruction saved what the program needs kept in frame, and
 * calls here through kernel_fpu_call().  What trap 2 does, from there:
 * the exit event, and where to go on (the address after the site).
 * Signals are not blocked as in the trap's handler: what is shared with
 * them (the pending entry, the record) is taken and given back with one
 * atomic store each, and a handler's calls are its own.
 */
void *syscall_xol_exit(void *frame)
{
	struct syscall_xol_frame *f = frame;
	unsigned long slot = syscall_xol_frame_slot(f);
	int saved_errno = errno;
	struct sc_pending *p;
	struct pt_regs regs;
	struct sc_object *o;
	long i, nr;

	o = slot_object(slot, &i);
	p = pending_find(syscall_xol_frame_sp(f));
	if (p) {
		nr = p->nr;
		__atomic_store_n(&p->sp, 0, __ATOMIC_RELEASE);
	} else {
		nr = __atomic_load_n(&o->last_nr[i], __ATOMIC_RELAXED);
	}
	memset(&regs, 0, sizeof(regs));
	syscall_xol_frame_regs(f, &regs);
	sc_probe_exit(&regs, nr);
	errno = saved_errno;
	return NULL;
}
#endif

#ifdef SYSCALL_XOL_BRANCH
/* a call whose argument sigaction_fixup() rewrites: the trap path's */
static int sigaction_rewritten(long nr)
{
#ifdef SYSCALL_SIGACTION_MASK_TWICE
	return nr == SYS_rt_sigaction;
#else
	return 0;
#endif
}

/*
 * No trap at all (asm/syscall.h): the site branches to its slot, whose
 * trampoline (arch/<arch>/syscall_branch.S) saves the program's registers
 * in f and calls here, makes the call itself, then calls
 * syscall_branch_exit().  The trap's handler is not involved: the
 * program's signals stay as they are, and what is shared with a handler
 * (the probes' records) is so already.  Returns non-zero for a call that
 * must take the trap path instead, which the trampoline then takes with
 * every register as it came: one whose child would not come back to
 * this frame (sc_new_context()), one that sets a mask (mask_fixup() must
 * take the trap signal out of it), and rt_sigreturn, which reads the
 * stack it is called with.
 */
long syscall_branch_enter(struct syscall_branch_frame *f)
{
	int saved_errno = errno;
	unsigned long args[6];
	struct pt_regs regs;
	struct sc_object *o;
	long i, nr;

	o = slot_object(f->slot, &i);
	syscall_branch_frame_regs(f, &regs, o->ips[i]);
	nr = syscall_get_nr(&regs);
	syscall_get_arguments(&regs, args);
	if (sc_new_context(nr) || nr == SYS_rt_sigreturn ||
	    mask_arg(nr, args) >= 0 || sigaction_rewritten(nr))
		return 1;
	__atomic_store_n(&o->last_nr[i], nr, __ATOMIC_RELAXED);
	__atomic_add_fetch(&sc_branches, 1, __ATOMIC_RELAXED);
	sc_probe_enter(&regs, nr);
	errno = saved_errno;
	return 0;
}

void syscall_branch_exit(struct syscall_branch_frame *f)
{
	int saved_errno = errno;
	struct pt_regs regs;
	struct sc_object *o;
	long i;

	o = slot_object(f->slot, &i);
	syscall_branch_frame_regs(f, &regs, o->ips[i]);
	syscall_set_return_value(&regs, 0, f->ret);
	sc_probe_exit(&regs, syscall_get_nr(&regs));
	errno = saved_errno;
}

/* The sites of o that a branch to slots at xol reaches, and back. */
static unsigned long sc_reached(const struct sc_object *o, unsigned long xol)
{
	unsigned long i, n = 0;

	for (i = 0; i < o->nr; i++)
		n += arch_syscall_branch_reaches(o->ips[i],
						 xol + i * SYSCALL_XOL_SLOT);
	return n;
}

/*
 * Slots near o's code, which a branch from as many of its sites as can be
 * reaches (o->branch says which), or NULL: its sites trap.  The kernel
 * takes a hint where nothing is mapped; hints are tried on each side, a
 * 32nd of the reach apart (the nearest is that far off, where a library
 * loaded later would not be), until one reaches every site, and the one
 * that reaches the most is kept.
 */
static unsigned char *sc_xol_near(struct sc_object *o, unsigned long size)
{
	unsigned long d, hint, n, best_n = 0;
	void *p, *best = NULL;
	unsigned long i;
	int side;

	for (d = SYSCALL_BRANCH_REACH / 32; d < SYSCALL_BRANCH_REACH &&
	     best_n < o->nr; d += SYSCALL_BRANCH_REACH / 32) {
		for (side = 0; side < 2 && best_n < o->nr; side++) {
			hint = side ? (o->text_hi + d) & ~4095UL :
				      (o->text_lo - d - size) & ~4095UL;
			p = mmap((void *)hint, size, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (p == MAP_FAILED)
				continue;
			n = sc_reached(o, (unsigned long)p);
			if (n <= best_n) {
				munmap(p, size);
				continue;
			}
			if (best)
				munmap(best, size);
			best = p;
			best_n = n;
		}
	}
	if (!best)
		return NULL;
	o->branch = calloc(o->nr, 1);
	if (!o->branch) {
		munmap(best, size);
		return NULL;
	}
	for (i = 0; i < o->nr; i++)
		o->branch[i] = arch_syscall_branch_reaches(o->ips[i],
				(unsigned long)best + i * SYSCALL_XOL_SLOT);
	return best;
}
#endif

static void sc_stats_line(FILE *f)
{
	unsigned int n = __atomic_load_n(&sc_nr_objects, __ATOMIC_ACQUIRE);
	unsigned long sites = 0, branching = 0, i;
	unsigned int k;

	for (k = 0; k < n; k++) {
		sites += sc_objects[k].nr;
		for (i = 0; sc_objects[k].branch && i < sc_objects[k].nr; i++)
			branching += sc_objects[k].branch[i];
	}
	/* the sites patched, and those that branch to their slot */
	fprintf(f, "syscall-sites: %lu\n", sites);
	fprintf(f, "syscall-sites-branching: %lu\n", branching);
	/* system calls that reached the kit through a trap, a branch */
	fprintf(f, "syscall-traps: %lu\n",
		__atomic_load_n(&sc_traps, __ATOMIC_RELAXED));
	fprintf(f, "syscall-branches: %lu\n",
		__atomic_load_n(&sc_branches, __ATOMIC_RELAXED));
}

static int syscall_trap(int sig, siginfo_t *info, void *uc)
{
	struct pt_regs *regs = uc;
	struct sc_object *o;
	long i;

	switch (sc_find(arch_syscall_trap_ip(regs, info), &o, &i)) {
	case 1:
		__atomic_add_fetch(&sc_traps, 1, __ATOMIC_RELAXED);
		sc_enter(regs, o, i);
		return 1;
	case 2:
		__atomic_add_fetch(&sc_traps, 1, __ATOMIC_RELAXED);
		sc_exit(regs, o, i);
		return 1;
	}
	return 0;		/* the program's own */
}

/* ---- patching an object --------------------------------------------------- */

/* The build-id of a loaded object, as hex, from its PT_NOTE segments. */
static int build_id_of(struct dl_phdr_info *info, char *hex, size_t len)
{
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const unsigned char *p, *end;

		if (ph->p_type != PT_NOTE)
			continue;
		p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		end = p + ph->p_memsz;
		while (p + 12 <= end) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
			const unsigned char *desc = p + 12 +
				((n->n_namesz + 3) & ~3u);
			unsigned int k;

			if (desc + n->n_descsz > end)
				break;
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    !memcmp(p + 12, "GNU", 4) &&
			    2 * n->n_descsz < len) {
				for (k = 0; k < n->n_descsz; k++)
					snprintf(hex + 2 * k, 3, "%02x",
						 desc[k]);
				return 0;
			}
			p = desc + ((n->n_descsz + 3) & ~3u);
		}
	}
	return -ENOENT;
}

static const struct syscall_site_table *table_of(struct dl_phdr_info *info)
{
	const struct syscall_site_table *t;
	char id[128];

	if (build_id_of(info, id, sizeof(id)))
		return NULL;
	for (t = syscall_site_tables; t->soname; t++)
		if (!strcmp(t->build_id, id))
			return t;
	return NULL;
}

/*
 * Patch the sites of one object: every site checked first (a table that
 * does not fit the bytes leaves the object alone, said in one line), the
 * slots filled and made executable, the object published, then each site
 * turned into the trap with one store.  ftrace_lock held.
 */
static int sc_patch(struct dl_phdr_info *info,
		    const struct syscall_site_table *t)
{
	struct sc_object *o;
	unsigned long i, at, slots;
	unsigned char old[4], new[4];
	unsigned long stop = 0;
	size_t n;
	int ret;

	if (sc_nr_objects == SC_MAX_OBJECTS) {
		fprintf(stderr, "ftrace: syscalls: %s: more than %d objects "
			"with system calls; its calls are not traced\n",
			t->soname, SC_MAX_OBJECTS);
		return -ENOSPC;
	}
	/*
	 * The text patcher knows the code of the objects loaded when it
	 * started (text_poke_init()): one that dlopen() brought since is
	 * not among its segments, and none of its sites could be checked
	 * or written.  Its segments join first, as a traced library's do
	 * when it loads (module.c).  (From dl_iterate_phdr()'s callback:
	 * text_poke_add_text() walks the objects again, under the C
	 * library's lock, which the same thread may take again.)
	 */
	if (!kernel_text_address(info->dlpi_addr + t->sites[0],
				 SYSCALL_INSN_MAX)) {
		ret = text_poke_add_text(info->dlpi_addr, info->dlpi_name);
		if (ret) {
			fprintf(stderr, "ftrace: syscalls: %s: its code cannot "
				"be patched (%s); its calls are not traced\n",
				t->soname, strerror(-ret));
			return ret;
		}
	}
	o = &sc_objects[sc_nr_objects];
	o->name = t->soname;
	o->path = strdup(info->dlpi_name ? info->dlpi_name : "");
	o->base = info->dlpi_addr;
	text_poke_object_text(info, &o->text_lo, &o->text_hi);
	o->nr = t->nr;
	o->ips = malloc(t->nr * sizeof(*o->ips));
	o->len = malloc(t->nr);
	o->last_nr = calloc(t->nr, sizeof(*o->last_nr));
	slots = (t->nr * SYSCALL_XOL_SLOT + 4095) & ~4095UL;
	o->xol = NULL;
	if (!o->ips || !o->len || !o->last_nr) {
		ret = -ENOMEM;
		goto fail;
	}
	for (i = 0; i < t->nr; i++) {
		o->ips[i] = info->dlpi_addr + t->sites[i];
		if (i && o->ips[i] <= o->ips[i - 1]) {
			fprintf(stderr, "ftrace: syscalls: %s: the site table "
				"is not sorted; its calls are not traced\n",
				t->soname);
			ret = -EINVAL;
			goto fail;
		}
		/* a table that does not fit its object's segments */
		if (!kernel_text_address(o->ips[i], SYSCALL_INSN_MAX)) {
			fprintf(stderr, "ftrace: syscalls: %s: 0x%lx is not in "
				"the object's executable segments; its calls "
				"are not traced\n", t->soname, t->sites[i]);
			ret = -EFAULT;
			goto fail;
		}
		/* bytes other than those the table was made from */
		if (!(o->len[i] = arch_syscall_insn_len(o->ips[i]))) {
			fprintf(stderr, "ftrace: syscalls: %s: 0x%lx is not a "
				"system-call instruction, though the build-id "
				"is the table's; its calls are not traced\n",
				t->soname, t->sites[i]);
			ret = -EINVAL;
			goto fail;
		}
	}
#ifdef SYSCALL_XOL_BRANCH
	o->xol = sc_xol_near(o, slots);
#endif
	if (!o->xol)
		o->xol = mmap(NULL, slots, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (o->xol == MAP_FAILED) {
		ret = -ENOMEM;
		goto fail;
	}
	for (i = 0; i < t->nr; i++) {
		arch_syscall_xol_fill(o->xol + i * SYSCALL_XOL_SLOT,
				      o->ips[i], o->len[i]);
#ifdef SYSCALL_XOL_BRANCH
		if (o->branch && o->branch[i])
			arch_syscall_branch_fill(o->xol + i * SYSCALL_XOL_SLOT,
						 o->ips[i]);
#endif
	}
	if (mprotect(o->xol, slots, PROT_READ | PROT_EXEC)) {
		ret = -errno;
		goto fail;
	}
	flush_icache_range((unsigned long)o->xol,
			   (unsigned long)o->xol + t->nr * SYSCALL_XOL_SLOT);
	syscall_unwind_add((unsigned long)o->xol, o->nr, o->ips);
	__atomic_store_n(&sc_nr_objects, sc_nr_objects + 1, __ATOMIC_RELEASE);

	text_poke_begin();
	text_poke_reserve(t->nr);
	for (i = 0, ret = 0; !ret && i < t->nr; i++) {
#ifdef SYSCALL_XOL_BRANCH
		if (o->branch && o->branch[i]) {
			arch_syscall_branch_patch(o->ips[i],
				(unsigned long)o->xol + i * SYSCALL_XOL_SLOT,
				&at, old, new, &n);
			/* a thread must never run half a branch */
			stop |= at & (n - 1);
		} else
#endif
			arch_syscall_trap_patch(o->ips[i], &at, old, new, &n);
		ret = ftrace_modify_code(at, old, new, n);
	}
	if (ret) {
		text_poke_cancel();
		fprintf(stderr, "ftrace: syscalls: %s: %s; its calls are not "
			"traced\n", t->soname, text_poke_error());
		return ret;	/* published: its slots are never reached */
	}
	/* each change one aligned store, or every other thread stopped */
	ret = stop ? text_poke_end_stopped() : text_poke_end_atomic();
	if (ret)
		fprintf(stderr, "ftrace: syscalls: %s: %s; its calls are not "
			"traced\n", t->soname, text_poke_error());
	return ret;

fail:
	free((char *)o->path);
	free(o->ips);
	free(o->len);
	free(o->last_nr);
	free(o->branch);
	if (o->xol != MAP_FAILED && o->xol)
		munmap(o->xol, slots);
	memset(o, 0, sizeof(*o));
	return ret;
}

static int patch_one(struct dl_phdr_info *info, size_t size, void *data)
{
	const struct syscall_site_table *t;
	unsigned int k;

	t = table_of(info);
	if (!t)
		return 0;
	for (k = 0; k < sc_nr_objects; k++)
		if (!sc_objects[k].gone &&
		    sc_objects[k].ips[0] == info->dlpi_addr + t->sites[0])
			return 0;	/* patched already */
	sc_patch(info, t);
	return 0;
}

static int sc_ready, sc_started;

/*
 * Is the object of the C library's _exit() patched?  Then an image's last
 * system call, its exit_group or its execve, comes through a trap (every
 * site of the object is one), and the trace can wait for it.
 */
static int libc_patched(void)
{
	/* (RTLD_NEXT: the C library's, not the program's PLT entry) */
	void *fn = dlsym(RTLD_NEXT, "_exit");
	unsigned int k;
	Dl_info dl;

	if (!fn || !dladdr(fn, &dl))
		return 0;
	for (k = 0; k < sc_nr_objects; k++)
		if (!sc_objects[k].gone &&
		    sc_objects[k].base == (unsigned long)dl.dli_fbase)
			return 1;
	return 0;
}

/* Is the object of sc_objects[*data] still loaded? */
static int still_loaded(struct dl_phdr_info *info, size_t size, void *data)
{
	const struct sc_object *o = &sc_objects[*(unsigned int *)data];

	return info->dlpi_addr == o->base && info->dlpi_name &&
	       !strcmp(info->dlpi_name, o->path);
}

/*
 * After a dlclose(): an object that has gone is marked so, and its code
 * leaves the text patcher's segments; the same file loaded again (at the
 * same address, as like as not) is an object of its own, patched anew.
 * Its slots and tables stay: a thread still inside a system call made
 * from it would come back to them (and then to code that has gone).
 * ftrace_lock held.
 */
static void forget_gone(void)
{
	unsigned int k;

	for (k = 0; k < sc_nr_objects; k++) {
		struct sc_object *o = &sc_objects[k];

		if (o->gone || dl_iterate_phdr(still_loaded, &k))
			continue;
		__atomic_store_n(&o->gone, 1, __ATOMIC_RELEASE);
		text_poke_remove_text(o->text_lo, o->text_hi);
	}
}

/*
 * The program's main() is about to run (the last constructor of the
 * executable): from here on it may have threads, and masks set before
 * the trap signal was taken; a thread that blocks it would be killed by
 * its next system call once the traps are in.
 */
static __attribute__((constructor(65535))) void syscall_trap_started(void)
{
	sc_started = 1;
}

/*
 * Put the traps in: every object loaded now whose build-id has a table
 * (and, from then on, each object dlopen() brings: syscall_trap_rescan()).
 * Once, at start-up: the settings of the environment ask for it.
 */
static int syscall_trap_init(void)
{
	int ret;

	if (sc_ready)
		return 0;
	if (sc_started) {
		tracefs_error("the traps are put in at start-up only "
			      "(FTRACE_SET_EVENT, ftrace-run --syscalls): "
			      "the program's threads may block their signal "
			      "by now");
		return -EBUSY;
	}
	ftrace_dyn_init();
	ret = trap_signal_reserve(SYSCALL_TRAP_SIGNAL, syscall_trap, 1);
	if (ret)
		return ret;
	trace_add_stats_line(sc_stats_line);
	ftrace_lock();
	dl_iterate_phdr(patch_one, NULL);
	ftrace_unlock();
	__atomic_store_n(&sc_ready, 1, __ATOMIC_RELEASE);
	if (libc_patched())
		trace_dump_at_syscall();
	return 0;
}

/*
 * After a dlopen() or a dlclose(): the objects that went are forgotten,
 * those that came and have a table are patched (sc_patch() adds their
 * code to the text patcher's first).  Those of a namespace of their own
 * (dlmopen()) are never seen: dl_iterate_phdr() lists the caller's
 * namespace only.
 */
void syscall_trap_rescan(void)
{
	if (!__atomic_load_n(&sc_ready, __ATOMIC_ACQUIRE))
		return;
	ftrace_lock();
	forget_gone();
	dl_iterate_phdr(patch_one, NULL);
	syscall_unwind_flush();
	ftrace_unlock();
}

int register_trace_sys_enter(sys_probe_fn probe)
{
	int ret = syscall_trap_init();

	if (!ret)
		__atomic_store_n(&sys_enter_probe, probe, __ATOMIC_RELEASE);
	return ret;
}

int register_trace_sys_exit(sys_probe_fn probe)
{
	int ret = syscall_trap_init();

	if (!ret)
		__atomic_store_n(&sys_exit_probe, probe, __ATOMIC_RELEASE);
	return ret;
}
