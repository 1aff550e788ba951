/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How ARM code changes while it runs (chapter 4, linux/text_patching.h).
 * After the start-up conversion an ARM-state site changes one aligned
 * word at a time (arch/arm/ftrace.c), between a NOP and a BL: ARMv7 lets
 * another CPU execute such an instruction while it is being changed and
 * see the old one or the new one (ARM DDI 0406C, A3.5.4).  A Thumb-2
 * site change is applied under stop_machine() (text_poke_needs_stop()).
 */
#include <asm-generic/text-patching.h>
