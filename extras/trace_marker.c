// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker: what a program writes there goes into the trace at that
 * point, between the function entries around it, so that a trace can be
 * matched with what the program was doing ("request 42 starts").
 *
 *	tracefs_write("trace_marker", "request 42 starts");
 *
 * The record is a TRACE_PRINT entry whose text follows it in payload slots
 * (24 bytes of text each, the way a stack trace carries its addresses),
 * reserved in one go, so it counts as one entry.  Its ip is
 * tracing_mark_write(), which is how the function tracer names it, as the
 * kernel does:
 *
 *	demo-1234    [001] ....   12.345678: tracing_mark_write: request 42
 *
 * The function_graph tracer prints it as a comment at the depth of the
 * calls around it (stage2-graph/trace_functions_graph.c).
 */
#include <errno.h>
#include <string.h>
#include <asm/trace_clock.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_marker.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>

#define MARKER_SLOT_TEXT	(sizeof(((struct trace_entry *)0)->pc))
/* at most this much text, and never more than half a buffer */
#define MARKER_MAX		TRACE_MARKER_MAX

static unsigned int marker_slots(size_t len)
{
	return 1 + (len + MARKER_SLOT_TEXT - 1) / MARKER_SLOT_TEXT;
}

/* Record text (len bytes, no NUL needed) in the calling thread's buffer. */
static int __attribute__((noinline)) tracing_mark_write(const char *text,
							size_t len)
{
	struct trace_entry *e;
	unsigned long idx, size_slots;
	unsigned int cpu, ctx, i, slots;
	uint64_t ts;

	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED))
		return -EBADF;
	if (len > MARKER_MAX)
		len = MARKER_MAX;
	ts = trace_clock_local(&cpu);
	ctx = tracing_gen_ctx();
	if (!this_buffer && !trace_buffer_claim())
		return -ENOMEM;
	size_slots = this_buffer->mask + 1;
	while (len && marker_slots(len) > size_slots / 2)
		len--;
	slots = marker_slots(len);
	e = trace_reserve(slots, &idx);
	trace_entry_set(e, ts, (unsigned long)tracing_mark_write, len, cpu, 0);
	e->flags = ctx;
	for (i = 1; i < slots; i++) {
		struct trace_entry *p = trace_slot(idx + i);
		size_t off = (i - 1) * MARKER_SLOT_TEXT;
		size_t n = len - off < MARKER_SLOT_TEXT ?
			   len - off : MARKER_SLOT_TEXT;

		memcpy(p->pc, text + off, n);
		p->type = TRACE_PAYLOAD;
	}
	trace_commit(e, TRACE_PRINT, slots);
	return 0;
}

size_t trace_marker_text(struct trace_buffer *b, unsigned long idx,
			 char *buf, size_t len)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	size_t n = e->arg < len ? e->arg : len - 1, off;

	for (off = 0; off < n; off += MARKER_SLOT_TEXT) {
		const struct trace_entry *p =
			&b->entries[(idx + 1 + off / MARKER_SLOT_TEXT) &
				    b->mask];
		size_t k = n - off < MARKER_SLOT_TEXT ?
			   n - off : MARKER_SLOT_TEXT;

		memcpy(buf + off, p->pc, k);
	}
	buf[n] = 0;
	return marker_slots(e->arg);
}

static unsigned int marker_text(struct trace_buffer *b, unsigned long idx,
				char *buf, size_t len)
{
	return trace_marker_text(b, idx, buf, len);
}

static unsigned int print_marker(FILE *f, struct trace_buffer *b,
				 unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	char text[MARKER_MAX + 1], name[32];
	unsigned int used = trace_marker_text(b, idx, text, sizeof(text));

	trace_print_context(f, b, e);
	fprintf(f, "%s: %s\n", ksym_name(e->ip, name, sizeof(name)), text);
	return used;
}

static int trace_marker_write(const char *val)
{
	int ret = tracing_mark_write(val, strlen(val));

	if (ret == -EBADF)
		tracefs_error("trace_marker: tracing is off (tracing_on is 0)");
	else if (ret)
		tracefs_error("trace_marker: no buffer for this thread");
	return ret;
}

static struct tracefs_file marker_file = {
	"trace_marker", trace_marker_write, NULL,
};

static __init_core void trace_marker_register(void)
{
	tracefs_register(&marker_file);
	register_trace_printer(TRACE_PRINT, print_marker);
	register_trace_text(TRACE_PRINT, marker_text);
	/* markers are printed by every tracer, as the kernel's are */
	trace_print_with_every_tracer(TRACE_PRINT);
}
