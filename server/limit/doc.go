// Package limit keeps the game server's limits per client network (calls
// a second, connections, games made), and finds a request's client address
// behind the proxies the operator trusts.
//
// A client is counted by its network, not its address: an IPv6 address by
// its /64 (Options.V6Bits), the subnet a site or a customer is given, of
// which one machine may take any of 2⁶⁴ addresses; an IPv4 address by
// itself (Options.V4Bits, 32). Were each address its own client, one
// machine of a /64 would have as many quotas as it cared to make up.
//
// The networks are kept in shards, each under its own lock, each bounded:
// a new network in a full shard takes the place of the one used least
// lately that holds no connection, and Addresses.Clean forgets, shard by
// shard, those whose buckets are full again. No lock is held over the
// whole table.
package limit
