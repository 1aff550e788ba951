// SPDX-License-Identifier: GPL-2.0
/*
 * Byte order.  The tool runs on one host and reads objects of either byte
 * order, so every multi-byte field goes through rm_get/rm_put, which point
 * at the little- or big-endian pair chosen once per object from EI_DATA.
 * Going through bytes also makes misaligned fields harmless.
 */
#include <elf.h>

#include "recordmcount.h"

static uint64_t get_le(const unsigned char *p, size_t n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 8) | p[n];
	return v;
}

static uint64_t get_be(const unsigned char *p, size_t n)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v = (v << 8) | p[i];
	return v;
}

static void put_le(unsigned char *p, size_t n, uint64_t v)
{
	size_t i;

	for (i = 0; i < n; i++, v >>= 8)
		p[i] = v & 0xff;
}

static void put_be(unsigned char *p, size_t n, uint64_t v)
{
	while (n--) {
		p[n] = v & 0xff;
		v >>= 8;
	}
}

uint64_t (*rm_get)(const unsigned char *p, size_t n) = get_le;
void (*rm_put)(unsigned char *p, size_t n, uint64_t v) = put_le;

/* Select the accessors for an object; -1 if EI_DATA is neither. */
int rm_set_endian(unsigned char ei_data)
{
	switch (ei_data) {
	case ELFDATA2LSB:
		rm_get = get_le;
		rm_put = put_le;
		return 0;
	case ELFDATA2MSB:
		rm_get = get_be;
		rm_put = put_be;
		return 0;
	}
	return -1;
}
