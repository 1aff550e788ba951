/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_marker (extras/trace_marker.c, CONFIG_TRACE_MARKER): text a
 * program writes into its trace, a TRACE_PRINT entry.  Printers of other
 * formats (the graph tracer's comments, the exports) read its text here.
 */
#ifndef _LINUX_TRACE_MARKER_H
#define _LINUX_TRACE_MARKER_H

#include <stddef.h>

#define TRACE_MARKER_MAX	1024	/* longer texts are cut */

struct trace_buffer;

#ifdef CONFIG_TRACE_MARKER
/* The text of the TRACE_PRINT entry at idx into buf; the slots it takes. */
size_t trace_marker_text(struct trace_buffer *b, unsigned long idx,
			 char *buf, size_t len);
#else
static inline size_t trace_marker_text(struct trace_buffer *b,
				       unsigned long idx, char *buf,
				       size_t len)
{
	buf[0] = 0;
	return 1;
}
#endif

#endif
