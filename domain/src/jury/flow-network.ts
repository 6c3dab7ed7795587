/**
 * A directed network with integer capacities and costs: Dinic's maximum flow, and a minimum-cost
 * maximum flow (primal–dual: Dijkstra on reduced costs, then Dinic on the zero-reduced-cost
 * edges). Edges are stored in pairs (forward at an even index, its residual reverse at the next),
 * so the flow on edge `e` is the residual capacity of `e ^ 1`. Both continue from the current
 * flow, which lets a caller open more edges and augment further.
 */
export class FlowNetwork {
  private readonly head: number[];
  private readonly to: number[] = [];
  private readonly next: number[] = [];
  private readonly capacity: number[] = [];
  private readonly cost: number[] = [];
  private readonly level: Int32Array;
  private readonly cursor: Int32Array;
  private readonly potential: Float64Array;
  /** While set, only edges of zero reduced cost carry flow. */
  private costAware = false;

  constructor(readonly size: number) {
    this.head = new Array<number>(size).fill(-1);
    this.level = new Int32Array(size);
    this.cursor = new Int32Array(size);
    this.potential = new Float64Array(size);
  }

  /** Adds an edge and answers its index (for `flowOn` and `raiseCapacity`). */
  addEdge(from: number, to: number, capacity: number, cost = 0): number {
    const index = this.to.length;
    this.push(from, to, capacity, cost);
    this.push(to, from, 0, -cost);
    return index;
  }

  flowOn(edge: number): number {
    return this.capacity[edge ^ 1]!;
  }

  /** Adds `amount` to an edge's capacity without touching the flow already on it. */
  raiseCapacity(edge: number, amount: number): void {
    this.capacity[edge] = this.capacity[edge]! + amount;
  }

  /** Pushes as much more flow as fits from source to sink, ignoring costs; answers how much was added. */
  maxFlow(source: number, sink: number): number {
    let total = 0;
    while (this.buildLevels(source, sink)) {
      for (let node = 0; node < this.size; node++) this.cursor[node] = this.head[node]!;
      for (let pushed = this.augment(source, sink, Infinity); pushed > 0; pushed = this.augment(source, sink, Infinity)) total += pushed;
    }
    return total;
  }

  /**
   * Pushes as much more flow as fits at the least total cost; answers how much was added.
   * The current flow must be of least cost for its value (true for none, or one on cost-0 edges only).
   */
  minCostMaxFlow(source: number, sink: number): number {
    let total = 0;
    this.potential.fill(0);
    for (;;) {
      const distance = this.shortestDistances(source);
      const reach = distance[sink]!;
      if (reach === Infinity) break;
      for (let node = 0; node < this.size; node++) this.potential[node]! += Math.min(distance[node]!, reach);
      this.costAware = true;
      total += this.maxFlow(source, sink);
      this.costAware = false;
    }
    return total;
  }

  private push(from: number, to: number, capacity: number, cost: number): void {
    this.to.push(to);
    this.capacity.push(capacity);
    this.cost.push(cost);
    this.next.push(this.head[from]!);
    this.head[from] = this.to.length - 1;
  }

  private usable(edge: number, from: number): boolean {
    if (this.capacity[edge]! <= 0) return false;
    return !this.costAware || this.cost[edge]! + this.potential[from]! - this.potential[this.to[edge]!]! === 0;
  }

  private buildLevels(source: number, sink: number): boolean {
    this.level.fill(-1);
    const queue = new Int32Array(this.size);
    let read = 0;
    let write = 0;
    queue[write++] = source;
    this.level[source] = 0;
    while (read < write) {
      const node = queue[read++]!;
      for (let e = this.head[node]!; e !== -1; e = this.next[e]!) {
        const target = this.to[e]!;
        if (this.level[target] === -1 && this.usable(e, node)) {
          this.level[target] = this.level[node]! + 1;
          queue[write++] = target;
        }
      }
    }
    return this.level[sink] !== -1;
  }

  private augment(node: number, sink: number, limit: number): number {
    if (node === sink) return limit;
    for (; this.cursor[node] !== -1; this.cursor[node] = this.next[this.cursor[node]!]!) {
      const e = this.cursor[node]!;
      const target = this.to[e]!;
      if (this.level[target] !== this.level[node]! + 1 || !this.usable(e, node)) continue;
      const pushed = this.augment(target, sink, Math.min(limit, this.capacity[e]!));
      if (pushed > 0) {
        this.capacity[e] = this.capacity[e]! - pushed;
        this.capacity[e ^ 1] = this.capacity[e ^ 1]! + pushed;
        return pushed;
      }
    }
    return 0;
  }

  /** Dijkstra over residual edges with reduced costs (non-negative under the current potentials). */
  private shortestDistances(source: number): Float64Array {
    const distance = new Float64Array(this.size).fill(Infinity);
    const heap = new MinHeap();
    distance[source] = 0;
    heap.push(0, source);
    while (heap.size) {
      const [d, node] = heap.pop();
      if (d > distance[node]!) continue;
      for (let e = this.head[node]!; e !== -1; e = this.next[e]!) {
        if (this.capacity[e]! <= 0) continue;
        const target = this.to[e]!;
        const reduced = this.cost[e]! + this.potential[node]! - this.potential[target]!;
        const candidate = d + reduced;
        if (candidate < distance[target]!) {
          distance[target] = candidate;
          heap.push(candidate, target);
        }
      }
    }
    return distance;
  }
}

class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, value: number): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.keys[i] = this.keys[parent]!;
      this.values[i] = this.values[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.values[i] = value;
  }

  pop(): [number, number] {
    const top: [number, number] = [this.keys[0]!, this.values[0]!];
    const lastKey = this.keys.pop()!;
    const lastValue = this.values.pop()!;
    const n = this.keys.length;
    if (n) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && this.keys[child + 1]! < this.keys[child]!) child += 1;
        if (this.keys[child]! >= lastKey) break;
        this.keys[i] = this.keys[child]!;
        this.values[i] = this.values[child]!;
        i = child;
      }
      this.keys[i] = lastKey;
      this.values[i] = lastValue;
    }
    return top;
  }
}
