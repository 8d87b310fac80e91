/**
 * Words that change the weight of the sentiment terms near them: negators flip and damp,
 * intensifiers and diminishers scale, contrast words shift weight to the clause that
 * carries the writer's point, and hedges damp a clause that only speculates.
 */
const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

export const NEGATORS = words(
  `not no never none nothing neither nor without cannot isn't aren't wasn't weren't don't
   doesn't didn't won't wouldn't can't couldn't shouldn't hasn't haven't hadn't fails fail
   failed lack lacks unable barely hardly`,
);

/** Multipliers for a word right before a term, or right after a movement ("falls sharply"). */
export const SCALERS: ReadonlyMap<string, number> = new Map([
  ...[
    ...words(`very sharply sharp heavily heavy massive massively huge hugely big bigger
      biggest steep steeply strongly significantly substantially dramatically extremely
      deeply deep severe severely major record further much more most highly hefty
      really super totally seriously`),
  ].map((word) => [word, 1.5] as [string, number]),
  ...[
    ...words(`slightly slight marginally marginal modest modestly small smaller little
      somewhat partly partially mildly mild minor fractionally barely`),
  ].map((word) => [word, 0.5] as [string, number]),
]);

/** Words whose clause after them carries the point ("X, but Y"). */
export const CONTRAST_AFTER = words('but however yet though nevertheless nonetheless still');

/** Words whose own clause is the weaker one ("despite X, Y"). */
export const CONTRAST_BEFORE = words('despite although while whilst even');

export const HEDGES = words('may might could would should if whether possible possibly');
