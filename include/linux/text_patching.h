/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Changing the program's own code while it runs (chapter 4): the kernel's
 * text_poke() (stage3-dynamic/text_patch.c).
 *
 * Changes are collected, each verified as it comes, then applied
 * together, all or none:
 *
 *	text_poke_begin();
 *	... ftrace_modify_code(ip, old, new, len) ...	(verify, queue)
 *	ret = text_poke_end();				(apply)
 *
 * ftrace_modify_code() outside a batch is a batch of one.  How a batch is
 * applied is the patch method, the "patch_method" setting:
 *
 *   stop_machine  every other thread is parked in a signal handler while
 *                 the bytes are written (the design document's way, the
 *                 2008 kernel's, ARM's today); refused when a thread
 *                 cannot be parked
 *   breakpoint    the arch's breakpoint protocol: no thread stops, a
 *                 thread that meets a site being changed traps and is
 *                 sent on (x86's text_poke_bp(), asm/text-patching.h)
 *   word          one aligned word store per change, no thread stops:
 *                 another CPU fetches the old word or the new one
 *                 (today's MIPS kernel; any arch whose sites change one
 *                 word at a time)
 *
 * The arch says which it has and which is its default in
 * asm/text-patching.h.  A batch the chosen method cannot apply (for
 * "word", a change that is not one aligned word, or that the arch marked
 * with text_poke_needs_stop()) is applied under stop_machine() instead.
 *
 * W^X: only the pages a batch writes are writable, only while it is
 * applied, and still executable all the while (other threads, and this
 * code itself, may be running on them: a page taken away from under an
 * instruction fault); the instruction cache is flushed over exactly the
 * bytes written.  A program that denies writable code (PR_SET_MDWE) gets
 * no dynamic ftrace: text_poke_init() refuses, saying so.
 */
#ifndef _LINUX_TEXT_PATCHING_H
#define _LINUX_TEXT_PATCHING_H

#include <stddef.h>

/*
 * The longest change any arch makes: the two instructions of MIPS's and
 * ARM's start-up conversion.  A batch holds one struct per site (100,000
 * for a large program) and each method walks it several times, so it is
 * kept small.
 */
#define TEXT_POKE_MAX	8

/*
 * One change: len bytes at ip, from old to new.  data: the bytes are no
 * instruction but a word the code loads (chapter 8's CALL_OPS literal),
 * which the batch writes before any instruction (text_patch.c).
 */
struct text_poke {
	unsigned long	ip;
	unsigned char	old[TEXT_POKE_MAX];
	unsigned char	new[TEXT_POKE_MAX];
	unsigned short	len;
	unsigned short	data;
};

enum text_poke_method {
	TEXT_POKE_STOP_MACHINE,
	TEXT_POKE_BREAKPOINT,
	TEXT_POKE_WORD,
	TEXT_POKE_NR_METHODS
};

/*
 * Make every thread of the process execute a context synchronising
 * (serializing) instruction before it next runs the program's code:
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE).  0 once the
 * process is registered for it (text_poke_sync_core_init(), idempotent),
 * -errno where the kernel lacks it for this arch; text_poke_sync_core()
 * then does nothing.
 */
int text_poke_sync_core_init(void);
void text_poke_sync_core(void);

#include <asm/text-patching.h>

/* Learn where the code is (once, may allocate); 0 or -errno. */
int text_poke_init(void);
/* 1 if [ip, ip + len) lies in the program's executable segments. */
int kernel_text_address(unsigned long ip, size_t len);
/* fn on each executable segment of the program itself (not a library) */
void core_text_for_each(void (*fn)(unsigned long start, unsigned long end,
				   void *data), void *data);

/*
 * A library's executable segments join (the object at load bias base,
 * as the loader named it) or leave ([start, end)); ftrace_lock held.
 */
int text_poke_add_text(unsigned long base, const char *path);
void text_poke_remove_text(unsigned long start, unsigned long end);
/* [*start, *end): what an object's executable segments span (-1, 0: none) */
struct dl_phdr_info;
void text_poke_object_text(const struct dl_phdr_info *info,
			   unsigned long *start, unsigned long *end);

void text_poke_begin(void);
/*
 * Apply every change queued since text_poke_begin(); 0, or -errno with
 * nothing changed (-EBUSY: the method could not run; the reason, one
 * line, in text_poke_error()).
 */
int text_poke_end(void);
/* The same under stop_machine(), whatever the setting (the ftraced design) */
int text_poke_end_stopped(void);
/*
 * The same for changes each of which the CPU makes in one store (a byte,
 * an aligned halfword or word; the caller knows: asm/syscall.h's traps):
 * no thread stops, whatever the setting; the arch's way of changing a
 * live instruction with one store (TEXT_POKE_ONE_STORE: the word method,
 * or x86's breakpoint protocol, where a thread that meets the change
 * waits at its int3 for a moment).
 */
int text_poke_end_atomic(void);
/* Room for n changes in the next batch (a hint: a batch grows anyway). */
void text_poke_reserve(unsigned long n);
/* Forget the changes queued since text_poke_begin(). */
void text_poke_cancel(void);
/* How many changes are queued since text_poke_begin(). */
unsigned long text_poke_queued(void);
/*
 * For an arch: the next change queued is one aligned word, but not one
 * another thread may execute while it is rewritten (the architecture
 * guarantees that for some instructions only): its batch is applied under
 * stop_machine(), whatever the method.
 */
void text_poke_needs_stop(void);
const char *text_poke_error(void);

/*
 * For an arch's method, while text_poke_end() applies a batch: the pages
 * of every change are writable.  text_poke_write() stores len bytes at ip
 * (an aligned word with one store), nothing more: the method decides when
 * to flush and to synchronize the other threads.
 */
void text_poke_write(unsigned long ip, const void *bytes, size_t len);

/*
 * What the last ftrace_modify_code() was asked and found, kept for
 * ftrace_bug()'s report when it fails.
 */
struct text_poke_failure {
	unsigned long	ip;
	size_t		len;
	unsigned char	expected[TEXT_POKE_MAX], actual[TEXT_POKE_MAX];
};
extern struct text_poke_failure text_poke_failure;

#endif
