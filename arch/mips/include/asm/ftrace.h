/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_MIPS_FTRACE_H
#define _ASM_MIPS_FTRACE_H

/*
 * gcc -pg -mno-abicalls -fno-pic calls _mcount with
 *	move	at,ra
 *	jal	_mcount
 *	 addiu	sp,sp,-8	(delay slot)
 * and ra on entry to _mcount points past the delay slot, so the call site
 * (selfpc, the jal) is ra minus these two instructions.
 */
#define MCOUNT_INSN_SIZE	8

/*
 * The frame _mcount builds when it calls the tracer.  mcount.S stores the
 * registers at these offsets; stacktrace.c reads the two return addresses
 * back when its walk meets _mcount.  The lowest 16 bytes are the o32
 * argument home area that the called C function may write.
 */
#define MCOUNT_A0		16
#define MCOUNT_A1		20
#define MCOUNT_A2		24
#define MCOUNT_A3		28
#define MCOUNT_V0		32	/* also static chain, see mcount.S */
#define MCOUNT_V1		36
#define MCOUNT_AT		40	/* traced function's return address */
#define MCOUNT_RA		44	/* return into the traced function */
#define MCOUNT_F12		48	/* 8-aligned: sdc1 */
#define MCOUNT_F14		56
#define MCOUNT_GP		64
#define MCOUNT_T4		68	/* $12, -mmcount-ra-address (stage 2) */
#define MCOUNT_FRAME_SIZE	72	/* a multiple of 8, as o32 wants */

#ifndef __ASSEMBLY__
/* The bounds of _mcount's code, for the unwinder. */
extern const char _mcount[], _mcount_end[];
#endif

/* The DWARF column of the return address (ra), for unwinders (chapter 2). */
#define FTRACE_RA_COLUMN	31

#endif
