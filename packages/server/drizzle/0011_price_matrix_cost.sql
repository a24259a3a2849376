-- Price matrix cells carry a cost price beside the sales price. Saved matrices get 60 % of each
-- cell's price (rounded to whole øre) as a starting point the administrator then corrects; a cell
-- that already has a cost keeps it.
UPDATE "price_matrices" SET "matrix" = jsonb_set(
  "matrix",
  '{cells}',
  coalesce(
    (
      SELECT jsonb_agg(
        CASE WHEN cell ? 'cost' THEN cell
          ELSE cell || jsonb_build_object('cost', round((cell->>'price')::numeric * 0.6)::bigint)
        END
        ORDER BY position
      )
      FROM jsonb_array_elements("matrix"->'cells') WITH ORDINALITY AS cells(cell, position)
    ),
    '[]'::jsonb
  )
)
WHERE jsonb_typeof("matrix"->'cells') = 'array';
