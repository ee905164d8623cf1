// Seeded random streams. A game's shuffle depends only on (run seed, game index); each agent draws
// from its own stream, so agents compared on one run play the same shuffles.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace mists {

// SplitMix64 (Steele, Lea, Flood 2014): a bijective mixer, used to derive independent seeds.
constexpr uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The seed of stream `stream` of game `game` in a run seeded `run_seed`.
constexpr uint64_t stream_seed(uint64_t run_seed, uint64_t game, uint64_t stream) {
  return splitmix64(splitmix64(splitmix64(run_seed) ^ game) ^ (stream * 0xd1b54a32d192ed03ull));
}

// DEAL_STREAM shuffles the base catalog's tiles, the same for every lever setting (common random
// numbers); the levers draw their own set-up from streams of their own (docs/analysis.md).
enum Stream : uint64_t { DEAL_STREAM = 0, AGENT_STREAM = 1, TOLL_STREAM = 2, CHIP_STREAM = 3 };

// xoshiro256** (Blackman, Vigna 2018).
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    for (auto& w : s_) w = seed = splitmix64(seed);
  }
  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n >= 1 (Lemire's multiply-shift with rejection).
  uint32_t below(uint32_t n) {
    uint64_t m = uint64_t(uint32_t(next() >> 32)) * n;
    if (uint32_t(m) < n) {
      const uint32_t t = uint32_t(-n) % n;
      while (uint32_t(m) < t) m = uint64_t(uint32_t(next() >> 32)) * n;
    }
    return uint32_t(m >> 32);
  }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }

  template <class T>
  void shuffle(std::vector<T>& v) {  // Fisher-Yates
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(uint32_t(i))]);
  }

 private:
  static constexpr uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace mists
