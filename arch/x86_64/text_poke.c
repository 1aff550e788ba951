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
 * The handler looks the address up in the batch (sorted by address, by
 * text_patch.c) while bp_batch points to it.  When step 3 is done the
 * batch is withdrawn, and the patching thread waits until no handler is
 * still reading it (bp_refs), so the next batch may reuse the memory.  A
 * thread that trapped while the batch was there but whose handler runs
 * after it is gone finds the byte no longer int3: it executes the site
 * again, now whole.  A SIGTRAP that is none of these (the program's own
 * int3, raise(SIGTRAP), single-stepping) goes to the program.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/membarrier.h>
#include <asm/raw_syscall.h>
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

static int sync_core_ok, bp_ready;
static struct text_poke *bp_batch;
static unsigned int bp_nr;
static int bp_refs;

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

	if (sync_core_ok)
		raw_syscall3(SYS_membarrier,
			     MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE, 0, 0);
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

static struct text_poke *bp_find(unsigned long ip)
{
	unsigned int lo = 0, hi = bp_nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (bp_batch[mid].ip == ip)
			return &bp_batch[mid];
		if (bp_batch[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * SIGTRAP.  int3 leaves the address after it in %rip, and the kernel says
 * SI_KERNEL.  The handler runs with every other signal blocked (the
 * reserved entry's mask), so bp_refs always comes back down.
 */
static int bp_handler(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	greg_t *regs = uc->uc_mcontext.gregs;
	unsigned long ip = regs[REG_RIP] - 1, target;
	struct text_poke *tp = NULL;
	int len = 0, is_call, done = 0;

	if (si->si_code != SI_KERNEL)
		return 0;
	__atomic_add_fetch(&bp_refs, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&bp_batch, __ATOMIC_SEQ_CST))
		tp = bp_find(ip);
	if (tp)
		len = bp_decode(tp, &target, &is_call);
	if (len > 0) {
		if (is_call) {
			regs[REG_RSP] -= 8;
			*(unsigned long *)regs[REG_RSP] = ip + len;
		}
		regs[REG_RIP] = target ? target : ip + len;
		done = 1;
	}
	__atomic_sub_fetch(&bp_refs, 1, __ATOMIC_SEQ_CST);
	if (done)
		return 1;
	/*
	 * Not in a batch now.  If the byte is no longer int3, a batch
	 * finished while this thread was on its way here: the site is whole
	 * again, run it.  An int3 still there is not the kit's.  (The
	 * segments' table may be replaced meanwhile: an RCU reader.)
	 */
	rcu_read_lock();
	if (kernel_text_address(ip, 1) &&
	    __atomic_load_n((unsigned char *)ip, __ATOMIC_RELAXED) !=
	    INT3_INSN_OPCODE) {
		regs[REG_RIP] = ip;
		done = 1;
	}
	rcu_read_unlock();
	return done;
}

static void bp_write_byte(unsigned long ip, unsigned char byte)
{
	__atomic_store_n((unsigned char *)ip, byte, __ATOMIC_RELAXED);
}

int text_poke_bp_batch(struct text_poke *tp, unsigned int nr)
{
	unsigned long target;
	unsigned int i;
	int is_call;

	if (!bp_ready)
		return -EOPNOTSUPP;
	for (i = 0; i < nr; i++)
		if (bp_decode(&tp[i], &target, &is_call) < 0)
			return -EOPNOTSUPP;
	bp_nr = nr;
	__atomic_store_n(&bp_batch, tp, __ATOMIC_SEQ_CST);

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
	sync_core_ok = !syscall(SYS_membarrier,
			MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE,
			0, 0);
	bp_ready = sync_core_ok && !trap_signal_reserve(SIGTRAP, bp_handler, 1);
}
