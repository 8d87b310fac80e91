/**
 * The surrogate forest's shared types. A leaf: it imports nothing, so fitting, prediction and
 * importance (and the search that uses them) depend on it without a cycle.
 */

/** Settings of `fitForest`; every field has a default. */
export interface ForestOptions {
  /** Number of trees (default 16). */
  trees?: number;
  /** Maximum depth (default 8). */
  maxDepth?: number;
  /** Minimum bootstrap weight on each side of a split (default 2). */
  minLeaf?: number;
  /** Features tried per node (default ceil(d/3), the usual regression choice). */
  mtry?: number;
  /**
   * Rows drawn (with replacement) per tree (default min(n, 128)): caps the cost of a fit as the
   * optimizer's history grows; trees stay diverse and the forest still sees every row.
   */
  sampleSize?: number;
}

export interface Tree {
  /** Split feature per node, -1 for a leaf. */
  feature: Int32Array;
  threshold: Float64Array;
  /** Children of a split node; by construction right = left + 1 (prediction relies on it). */
  left: Int32Array;
  right: Int32Array;
  /** Weighted mean of the node's bootstrap targets (the prediction at a leaf). */
  value: Float64Array;
  /** 1 where the row was drawn into this tree's bootstrap (for out-of-bag estimates). */
  inBag: Uint8Array;
}

export interface Forest {
  d: number;
  trees: Tree[];
  /** Total squared-error reduction credited to each feature (impurity importance, unnormalised). */
  impurity: Float64Array;
}
