// Union-find over the feature nodes of a position, as both games keep it: every placed tile adds
// one node a feature region, and joining two sides unites their features. A node type has
// `parent` (itself for a root) and `next` (a circular list of the feature's members, spliced in
// O(1) on a union, so a finished feature's tiles and meeples can be walked). Path halving and no
// rank: positions are small values copied per playout.
#pragma once

#include <cstdint>
#include <utility>

namespace mists::uf {

// The root of node `n`, leaving the nodes as they are (for a const position).
template <class Nodes>
inline uint16_t root(const Nodes& nodes, uint16_t n) {
  while (nodes[n].parent != n) n = nodes[n].parent;
  return n;
}

// The root of node `n`, halving the path on the way.
template <class Nodes>
inline uint16_t find(Nodes& nodes, uint16_t n) {
  while (nodes[n].parent != n) {
    nodes[n].parent = nodes[nodes[n].parent].parent;
    n = nodes[n].parent;
  }
  return n;
}

// Unites the features of nodes `a` and `b` and returns the root of the union: `a`'s root, or with
// `KeepOlder` the smaller index of the two roots. The new root's `absorb(other)` adds what the game
// counts on roots (open sides, meeples, flags); the member lists are spliced here.
template <bool KeepOlder, class Nodes>
inline uint16_t unite(Nodes& nodes, uint16_t a, uint16_t b) {
  a = find(nodes, a);
  b = find(nodes, b);
  if (a == b) return a;
  if (KeepOlder && b < a) std::swap(a, b);
  nodes[b].parent = a;
  nodes[a].absorb(nodes[b]);
  std::swap(nodes[a].next, nodes[b].next);
  return a;
}

}  // namespace mists::uf
