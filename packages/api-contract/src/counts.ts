/** "1 open order", "3 open orders": counts in messages read as people write them. */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 stock", "3 stocks". */
export const stockCount = (n: number) => counted(n, 'stock', 'stocks');
