// SPDX-License-Identifier: GPL-2.0
/*
 * Unwinding through a system call's slot (docs/07-syscalls.md, "Unwinding
 * through a slot").
 *
 * A thread blocked in a traced system call is blocked in its slot: the
 * instruction runs out of line, in memory the kit mapped.  When it is
 * cancelled there (pthread_cancel() of a thread in read(), say), the C
 * library's handler unwinds its stack from the signal frame: the frame
 * after that one is the slot, which no object's unwind table covers, and
 * the unwinder would stop there, without running the destructors and
 * cleanups of the frames above it (an untraced run runs them).
 *
 * So each object's slots get unwind information of their own, registered
 * with the unwinder (libgcc's __register_frame(), the way a JIT makes its
 * code unwindable): an .eh_frame with one FDE a slot, saying that the
 * frame is the C library's function at the site, as if the instruction
 * had run there.  Its return address is the site itself (a constant), the
 * CFA the stack pointer the slot runs with (plus what its code pushed,
 * asm/syscall.h: SYSCALL_XOL_CFA), and every other register is the same
 * in the caller: the slot changes none.  The CIE is a signal frame's
 * ("S"), so that the unwinder looks the site up as it is, not as a call's
 * return address, and the return address column is libgcc's alternate one
 * for signal frames (SYSCALL_DWARF_RA): on AArch64, MIPS and riscv64 the
 * usual one is the link register, which in the caller must keep its own
 * value.
 *
 * The unwinder is libgcc_s's: a program that can run destructors or
 * cleanups while unwinding has it loaded (C++, -fexceptions), and one that
 * has not loaded it yet needs none.  Tables made before it is there are
 * registered once it is (syscall_unwind_flush(), after each dlopen()).
 * ARM unwinds with its EHABI tables, which cannot be registered so: its
 * slots stay opaque to the unwinder.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <asm/syscall.h>
#include "ftrace_internal.h"

#ifdef SYSCALL_DWARF_RA

#define DW_CFA_advance_loc	0x40
#define DW_CFA_nop		0x00
#define DW_CFA_def_cfa		0x0c
#define DW_CFA_def_cfa_offset	0x0e
#define DW_CFA_val_expression	0x16
#define DW_OP_addr		0x03
#define DW_EH_PE_absptr		0x00

/* from the byte at on in a slot, CFA = sp + cfa */
struct syscall_cfa_row {
	unsigned char	at, cfa;
};

static const struct syscall_cfa_row xol_cfa[] = SYSCALL_XOL_CFA;
#define NR_ROWS		(sizeof(xol_cfa) / sizeof(xol_cfa[0]))

/* tables not registered yet (no unwinder loaded), and how many */
#define MAX_PENDING	32
static void *pending_tables[MAX_PENDING];
static unsigned int nr_pending;

static unsigned char *uleb(unsigned char *p, unsigned long v)
{
	do {
		*p = v & 0x7f;
		v >>= 7;
		if (v)
			*p |= 0x80;
		p++;
	} while (v);
	return p;
}

static unsigned char *put(unsigned char *p, const void *v, size_t n)
{
	memcpy(p, v, n);
	return p + n;
}

/* pad a CIE or FDE to the pointer size, and write its length first */
static unsigned char *close_entry(unsigned char *start, unsigned char *p)
{
	uint32_t len;

	while ((p - start) % sizeof(void *))
		*p++ = DW_CFA_nop;
	len = p - start - 4;
	memcpy(start, &len, 4);
	return p;
}

static unsigned char *put_cie(unsigned char *p)
{
	unsigned char *start = p;
	uint32_t id = 0;

	p += 4;				/* the length */
	p = put(p, &id, 4);
	*p++ = 1;			/* version */
	p = put(p, "zRS", 4);		/* augmentation data, encoding, signal frame */
	p = uleb(p, 1);			/* code alignment */
	*p++ = 0x7c;			/* data alignment: -4 (sleb128) */
	*p++ = SYSCALL_DWARF_RA;	/* version 1: one byte */
	p = uleb(p, 1);
	*p++ = DW_EH_PE_absptr;
	*p++ = DW_CFA_def_cfa;		/* CFA = sp, as the slot starts */
	p = uleb(p, SYSCALL_DWARF_SP);
	p = uleb(p, 0);
	return close_entry(start, p);
}

static unsigned char *put_fde(unsigned char *p, unsigned char *cie,
			      unsigned long slot, unsigned long site)
{
	unsigned char *start = p;
	unsigned long range = SYSCALL_XOL_SLOT;
	unsigned int k, at = 0;
	uint32_t ptr;

	p += 4;
	ptr = p - cie;			/* back to the CIE, from this field */
	p = put(p, &ptr, 4);
	p = put(p, &slot, sizeof(slot));
	p = put(p, &range, sizeof(range));
	p = uleb(p, 0);			/* no augmentation data */
	/* the return address: the site, a constant */
	*p++ = DW_CFA_val_expression;
	p = uleb(p, SYSCALL_DWARF_RA);
	p = uleb(p, 1 + sizeof(site));
	*p++ = DW_OP_addr;
	p = put(p, &site, sizeof(site));
	for (k = 0; k < NR_ROWS; k++) {
		if (xol_cfa[k].at > at) {
			*p++ = DW_CFA_advance_loc | (xol_cfa[k].at - at);
			at = xol_cfa[k].at;
		}
		*p++ = DW_CFA_def_cfa_offset;
		p = uleb(p, xol_cfa[k].cfa);
	}
	return close_entry(start, p);
}

/* The unwinder's registration function, or NULL: none is loaded. */
static void (*register_frame(void))(void *)
{
	return (void (*)(void *))dlsym(RTLD_DEFAULT, "__register_frame");
}

/*
 * The table of nr slots at xol, whose sites are ips[]: made now,
 * registered now or once an unwinder is loaded.  On failure (no memory)
 * the slots stay opaque, as ARM's.
 */
void syscall_unwind_add(unsigned long xol, unsigned long nr,
			const unsigned long *ips)
{
	/* a CIE, each FDE at most 64 bytes and a row's 4, the terminator */
	size_t size = 64 + nr * (64 + 4 * NR_ROWS) + 4;
	unsigned char *tab = calloc(1, size), *p, *cie;
	void (*reg)(void *) = register_frame();
	unsigned long i;

	if (!tab)
		return;
	cie = tab;
	p = put_cie(tab);
	for (i = 0; i < nr; i++)
		p = put_fde(p, cie, xol + i * SYSCALL_XOL_SLOT, ips[i]);
	/* (calloc: the terminating zero length is there) */
	if (reg)
		reg(tab);
	else if (nr_pending < MAX_PENDING)
		pending_tables[nr_pending++] = tab;
	else
		free(tab);
}

/* An object was loaded: the unwinder may be there now.  ftrace_lock held. */
void syscall_unwind_flush(void)
{
	void (*reg)(void *);

	if (!nr_pending || !(reg = register_frame()))
		return;
	while (nr_pending)
		reg(pending_tables[--nr_pending]);
}

#else

void syscall_unwind_add(unsigned long xol, unsigned long nr,
			const unsigned long *ips)
{
}

void syscall_unwind_flush(void)
{
}

#endif
