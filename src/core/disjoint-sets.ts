/** Union–find over entries 0…n−1 (path halving, union by size): the clusters of `deja-lu dedup`. */
export class DisjointSets {
  private readonly parent: Int32Array;
  private readonly size: Uint32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count);
    this.size = new Uint32Array(count).fill(1);
    for (let i = 0; i < count; i++) this.parent[i] = i;
  }

  /** The representative of `i`'s set. */
  find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      const grand = parent[parent[i] as number] as number;
      parent[i] = grand;
      i = grand;
    }
    return i;
  }

  /** Joins the sets of `a` and `b`; false when they were already one. */
  union(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return false;
    if ((this.size[ra] as number) < (this.size[rb] as number)) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra] = (this.size[ra] as number) + (this.size[rb] as number);
    return true;
  }

  /** How many entries `i`'s set holds. */
  sizeOf(i: number): number {
    return this.size[this.find(i)] as number;
  }
}
