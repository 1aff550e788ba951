// SPDX-License-Identifier: GPL-2.0
/* The library's interface (CMakeLists.txt). */
#ifndef GEOM_H
#define GEOM_H

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace geom {

struct bad_input : std::runtime_error {
	explicit bad_input(const std::string &what) : std::runtime_error(what) {}
};

class shape {
public:
	virtual ~shape() = default;
	virtual double area() const = 0;
	virtual std::string name() const = 0;
};

/* "tri:3,4,5", "poly:0,0;4,0;4,3": throws bad_input from deep inside */
std::unique_ptr<shape> parse(const std::string &spec);

template <typename T> T total(const std::vector<std::unique_ptr<shape>> &v)
{
	T sum = 0;

	for (const auto &s : v)
		sum += static_cast<T>(s->area());
	return sum;
}

} // namespace geom

#endif
