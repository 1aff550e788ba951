// SPDX-License-Identifier: GPL-2.0
/*
 * The library: shapes parsed from text.  A malformed specification is
 * found three calls down (number() <- numbers() <- parse()) and thrown
 * from there, through the library's frames, to the program's catch.
 */
#include <cmath>
#include <sstream>
#include "geom.h"

#define NOINLINE __attribute__((noinline))

namespace geom {
namespace {

class triangle : public shape {
	double a, b, c;

public:
	triangle(double a, double b, double c) : a(a), b(b), c(c)
	{
		if (a + b <= c || a + c <= b || b + c <= a)
			throw bad_input("not a triangle");
	}
	double area() const override
	{
		double s = (a + b + c) / 2;

		return std::sqrt(s * (s - a) * (s - b) * (s - c));
	}
	std::string name() const override { return "triangle"; }
};

class polygon : public shape {
	std::vector<std::pair<double, double>> pts;

public:
	explicit polygon(std::vector<std::pair<double, double>> p)
		: pts(std::move(p))
	{
		if (pts.size() < 3)
			throw bad_input("a polygon needs three points");
	}
	double area() const override
	{
		double s = 0;

		for (size_t i = 0; i < pts.size(); i++) {
			const auto &p = pts[i], &q = pts[(i + 1) % pts.size()];

			s += p.first * q.second - q.first * p.second;
		}
		return std::fabs(s) / 2;
	}
	std::string name() const override { return "polygon"; }
};

NOINLINE double number(const std::string &word)
{
	size_t used = 0;
	double v;

	try {
		v = std::stod(word, &used);
	} catch (const std::invalid_argument &) {
		throw bad_input("'" + word + "' is not a number");
	}
	if (used != word.size() || v < 0)
		throw bad_input("'" + word + "' is not a length");
	return v;
}

NOINLINE std::vector<double> numbers(const std::string &list, char sep)
{
	std::vector<double> v;
	std::stringstream ss(list);
	std::string word;

	while (std::getline(ss, word, sep))
		v.push_back(number(word));
	return v;
}

} // namespace

NOINLINE std::unique_ptr<shape> parse(const std::string &spec)
{
	size_t colon = spec.find(':');
	std::string kind = spec.substr(0, colon);
	std::string rest = colon == std::string::npos ? "" :
			   spec.substr(colon + 1);

	if (kind == "tri") {
		auto v = numbers(rest, ',');

		if (v.size() != 3)
			throw bad_input(spec + ": three sides");
		return std::make_unique<triangle>(v[0], v[1], v[2]);
	}
	if (kind == "poly") {
		std::vector<std::pair<double, double>> pts;
		std::stringstream ss(rest);
		std::string pt;

		while (std::getline(ss, pt, ';')) {
			auto v = numbers(pt, ',');

			if (v.size() != 2)
				throw bad_input(spec + ": x,y points");
			pts.emplace_back(v[0], v[1]);
		}
		return std::make_unique<polygon>(std::move(pts));
	}
	throw bad_input("unknown shape '" + kind + "'");
}

} // namespace geom
