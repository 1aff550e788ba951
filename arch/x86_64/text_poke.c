// SPDX-License-Identifier: GPL-2.0
/*
 * How x86_64 changes code that is running (asm/text-patching.h): the
 * breakpoint protocol of the kernel's text_poke_bp_batch().
 *
 * A site is five bytes (six in PIC code), which no single store writes,
 * and another thread may be about to execute them.  So the first byte
 * becomes int3 (0xcc) first, a one-byte store that an instruction fetch
 * sees whole:
 *
 *	1. int3 on the first byte of every site of the batch	sync
 *	2. the other bytes of every site			sync
 *	3. the new first byte of every site			sync
 *
 * where "sync" makes every thread of the process execute a serializing
 * instruction (text_poke_sync()), so none runs bytes it decoded before.
 * Between 1 and 3 a thread that reaches a site executes int3, whatever the
 * other bytes hold at that moment; the kernel turns it into SIGTRAP, and
 * bp_handler() does what the new instruction would have done, as the
 * kernel's poke_int3_handler() does, and the thread goes on after it.  No
 * other thread is signalled or waited for: their system calls go on, and
 * a thread that blocks every signal is no obstacle, since SIGTRAP is left
 * out of every mask the program sets (linux/trap_signal.h).
 *
 * The handler decides from the kit's own records alone, never from the
 * byte it finds: a SIGTRAP at an address where the kit never put an int3
 * is the program's (its own int3, a two-byte "int $3" whose second byte
 * the kernel's rip points past, raise(SIGTRAP), single-stepping), and
 * goes to the program's handler with its siginfo and context untouched.
 * Two records: the batch being applied (its address and length published
 * together in one pointer, read once: one consistent snapshot), and every
 * address a batch ever put an int3 on (bp_sites, an RCU-published sorted
 * table; an object that is unloaded takes its addresses with it).
 *
 *   in the batch now	do what its new instruction would (or, for one
 *			the handler cannot do in its place, a system-call
 *			trap, send the thread back to the int3: it waits
 *			there until step 3)
 *   a site of the kit	a batch ended (or the next began) while this
 *			thread was on its way here: run the site again,
 *			whatever it holds now; a later batch's int3 traps
 *			again and meets that batch
 *   anything else	the program's
 *
 * When step 3 is done the batch is withdrawn, and the patching thread
 * waits until no handler is still reading it (bp_refs), so the next batch
 * may reuse the memory.  The handler is the kernel's
 * smp_text_poke_int3_handler() (arch/x86/kernel/alternative.c, under that
 * name since v6.16; poke_int3_handler() before).
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <linux/init.h>
#include <linux/rcupdate.h>
#include <linux/text_patching.h>
#include <linux/trap_signal.h>

#define INT3_INSN_OPCODE	0xcc
#define CALL_INSN_OPCODE	0xe8
#define JMP32_INSN_OPCODE	0xe9
#define JMP8_INSN_OPCODE	0xeb

#define ADDR32_PREFIX		0x67

/* the NOPs the kit writes over a site: nopl 0x0(%rax,%rax,1), and with
 * the 0x66 prefix for a 6-byte PIC site (arch/x86_64/ftrace.c) */
static const unsigned char nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
static const unsigned char nop6[] = { 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 };

static int bp_ready;

/* the batch being applied, published as one pointer */
struct bp_batch {
	const struct text_poke	*tp;
	unsigned int		nr;
};
static struct bp_batch bp_desc;
static struct bp_batch *bp_batch;
static int bp_refs;

/* every address an int3 of the kit went to (sorted) */
struct bp_site_table {
	unsigned long	nr;
	unsigned long	ip[];
};
static struct bp_site_table *bp_sites;

/*
 * Serialize every thread: the others by membarrier() (the promise Linux
 * gives user space for cross-modifying code, registered at start-up), this
 * one by CPUID, the serializing instruction user space may execute.  The
 * raw system call: the C library's syscall() may be a site being patched
 * (chapter 7).
 */
void text_poke_sync(void)
{
	unsigned int a = 0, b, c = 0, d;

	text_poke_sync_core();
	__asm__ __volatile__("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d)
			     : : "memory");
}

/*
 * What the new instruction does, for the handler: its length, and where
 * it goes (0: falls through) and whether it pushes a return address.
 * -EINVAL for an instruction the handler cannot do in its place.
 */
static int bp_decode(const struct text_poke *tp, unsigned long *target,
		     int *is_call)
{
	int32_t rel32;

	*target = 0;
	*is_call = 0;
	switch (tp->new[0]) {
	case CALL_INSN_OPCODE:
	case JMP32_INSN_OPCODE:
		if (tp->len != 5)
			return -EINVAL;
		memcpy(&rel32, tp->new + 1, 4);
		*target = tp->ip + 5 + rel32;
		*is_call = tp->new[0] == CALL_INSN_OPCODE;
		return 5;
	case ADDR32_PREFIX:
		/* a PIC site's call: the prefix changes nothing of it */
		if (tp->len != 6 || tp->new[1] != CALL_INSN_OPCODE)
			return -EINVAL;
		memcpy(&rel32, tp->new + 2, 4);
		*target = tp->ip + 6 + rel32;
		*is_call = 1;
		return 6;
	case JMP8_INSN_OPCODE:
		/* the 2008 kernel's "jmp over the rest of the site" */
		if (tp->len < 2)
			return -EINVAL;
		*target = tp->ip + 2 + (int8_t)tp->new[1];
		return 2;
	}
	if (tp->len == sizeof(nop5) && !memcmp(tp->new, nop5, sizeof(nop5)))
		return 5;
	if (tp->len == sizeof(nop6) && !memcmp(tp->new, nop6, sizeof(nop6)))
		return 6;
	return -EINVAL;
}

static const struct text_poke *bp_find(const struct bp_batch *b,
				      unsigned long ip)
{
	unsigned int lo = 0, hi = b->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (b->tp[mid].ip == ip)
			return &b->tp[mid];
		if (b->tp[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* the first entry of t not below ip */
static unsigned long bp_site_index(const struct bp_site_table *t,
				   unsigned long ip)
{
	unsigned long lo = 0, hi = t->nr;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (t->ip[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int bp_site_known(unsigned long ip)
{
	const struct bp_site_table *t;
	unsigned long i;
	int known = 0;

	rcu_read_lock();
	t = __atomic_load_n(&bp_sites, __ATOMIC_ACQUIRE);
	if (t) {
		i = bp_site_index(t, ip);
		known = i < t->nr && t->ip[i] == ip;
	}
	rcu_read_unlock();
	return known;
}

/*
 * The table with every address of the batch in it (ftrace_lock held,
 * before the first int3 is written).  Most batches change sites changed
 * before, and publish nothing.
 */
static int bp_sites_add(const struct text_poke *tp, unsigned int nr)
{
	struct bp_site_table *old = bp_sites, *t;
	unsigned long n = 0, i, j, k;

	for (i = 0; i < nr; i++)
		if (!old || (j = bp_site_index(old, tp[i].ip)) >= old->nr ||
		    old->ip[j] != tp[i].ip)
			n++;
	if (!n)
		return 0;
	t = malloc(sizeof(*t) + ((old ? old->nr : 0) + n) * sizeof(t->ip[0]));
	if (!t)
		return -ENOMEM;
	/* merge: both are sorted (the batch by text_patch.c) */
	for (i = j = k = 0; i < nr || (old && j < old->nr); ) {
		if (old && j < old->nr && (i == nr || old->ip[j] <= tp[i].ip)) {
			if (i < nr && old->ip[j] == tp[i].ip)
				i++;
			t->ip[k++] = old->ip[j++];
		} else {
			t->ip[k++] = tp[i++].ip;
		}
		while (i < nr && k && tp[i].ip == t->ip[k - 1])
			i++;
	}
	t->nr = k;
	__atomic_store_n(&bp_sites, t, __ATOMIC_RELEASE);
	rcu_free(old, free);
	return 0;
}

void text_poke_forget(unsigned long start, unsigned long end)
{
	struct bp_site_table *old = bp_sites, *t;
	unsigned long i, k;

	/* most objects that go had no site of a breakpoint batch */
	if (!old || bp_site_index(old, start) == bp_site_index(old, end))
		return;
	t = malloc(sizeof(*t) + old->nr * sizeof(t->ip[0]));
	if (!t)
		return;		/* kept: a stale address only costs a lookup */
	for (i = k = 0; i < old->nr; i++)
		if (old->ip[i] < start || old->ip[i] >= end)
			t->ip[k++] = old->ip[i];
	t->nr = k;
	__atomic_store_n(&bp_sites, t, __ATOMIC_RELEASE);
	rcu_free(old, free);
}

/*
 * SIGTRAP.  int3 leaves the address after it in %rip, and the kernel says
 * SI_KERNEL (so does "int $3", two bytes long: only the records tell the
 * two apart).  The handler runs with every other signal blocked (the
 * reserved entry's mask), so bp_refs always comes back down.
 */
static int bp_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *regs = uc->uc_mcontext.gregs;
	unsigned long ip = regs[REG_RIP] - 1, target;
	const struct text_poke *tp = NULL;
	const struct bp_batch *b;
	int len = 0, is_call, done = 0;

	if (si->si_code != SI_KERNEL)
		return 0;
	__atomic_add_fetch(&bp_refs, 1, __ATOMIC_SEQ_CST);
	b = __atomic_load_n(&bp_batch, __ATOMIC_SEQ_CST);
	if (b)
		tp = bp_find(b, ip);
	if (tp) {
		len = bp_decode(tp, &target, &is_call);
		if (len > 0) {
			if (is_call) {
				regs[REG_RSP] -= 8;
				*(unsigned long *)regs[REG_RSP] = ip + len;
			}
			regs[REG_RIP] = target ? target : ip + len;
		} else {
			regs[REG_RIP] = ip;	/* wait for step 3 */
		}
		done = 1;
	}
	__atomic_sub_fetch(&bp_refs, 1, __ATOMIC_SEQ_CST);
	if (!done && bp_site_known(ip)) {
		regs[REG_RIP] = ip;
		done = 1;
	}
	return done;
}

static void bp_write_byte(unsigned long ip, unsigned char byte)
{
	__atomic_store_n((unsigned char *)ip, byte, __ATOMIC_RELAXED);
}

int text_poke_bp_batch(struct text_poke *tp, unsigned int nr)
{
	unsigned int i;

	if (!bp_ready)
		return -EOPNOTSUPP;
	if (bp_sites_add(tp, nr))
		return -ENOMEM;
	bp_desc.tp = tp;
	bp_desc.nr = nr;
	__atomic_store_n(&bp_batch, &bp_desc, __ATOMIC_SEQ_CST);

	for (i = 0; i < nr; i++)
		bp_write_byte(tp[i].ip, INT3_INSN_OPCODE);
	text_poke_sync();

	for (i = 0; i < nr; i++)
		if (tp[i].len > 1)
			text_poke_write(tp[i].ip + 1, tp[i].new + 1,
					tp[i].len - 1);
	text_poke_sync();

	for (i = 0; i < nr; i++)
		bp_write_byte(tp[i].ip, tp[i].new[0]);
	text_poke_sync();

	__atomic_store_n(&bp_batch, NULL, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&bp_refs, __ATOMIC_SEQ_CST))
		sched_yield();
	return 0;
}

/*
 * Both needs are met before the program starts a thread: the membarrier
 * registration, and SIGTRAP taken and left out of every mask from now on.
 * Without membarrier's SYNC_CORE (Linux before 4.16) there is no way to
 * make other threads serialize, and text_patch.c uses stop_machine()
 * instead (text_poke_bp_batch() says -EOPNOTSUPP).
 */
static __init_core void text_poke_bp_init(void)
{
	bp_ready = !text_poke_sync_core_init() &&
		   !trap_signal_reserve(SIGTRAP, bp_handler, 1);
}
