import type { ServiceDataFullDto, ServiceVisitRowDto } from '@karm/domain/contract';
import { formatDate } from '@karm/domain/rules';

/**
 * An item's answered rows as one visit keeps them (the logbook entry, and what its report prints):
 * the chosen answers by name and colour, the written value, the comments, pictures and signature, and
 * the deviation raised. Unanswered rows are left out — a report shows what was found.
 */
export const visitRowsOf = (
  data: Pick<ServiceDataFullDto, 'groups' | 'answers'>,
  deviationTitles: ReadonlyMap<string, string>,
): ServiceVisitRowDto[] =>
  data.groups.flatMap((group) =>
    group.rows.flatMap((row): ServiceVisitRowDto[] => {
      const given = data.answers.filter((answer) => answer.projectRowId === row.id);
      if (given.length === 0) return [];
      const chosen = given.flatMap((answer) => {
        const option = row.answers.find((candidate) => candidate.id === answer.projectServiceAnswerId);
        return option ? [{ name: option.name, color: option.color }] : [];
      });
      const values = given.map(
        (answer) =>
          answer.text || (answer.number !== null ? String(answer.number) : '') || formatDate(answer.date),
      );
      const raised = given.find((answer) => answer.deviationId);
      return [
        {
          groupName: group.name,
          rowName: row.name,
          answers: chosen,
          value: values.filter(Boolean).join(', '),
          comment: given
            .map((answer) => answer.comment)
            .filter(Boolean)
            .join('\n'),
          pictureIds: given.flatMap((answer) => (answer.pictureId ? [answer.pictureId] : [])),
          signatureFileId: given.find((answer) => answer.fileId)?.fileId ?? null,
          deviation:
            raised?.deviationId && raised.deviationNumber !== null
              ? { number: raised.deviationNumber, title: deviationTitles.get(raised.deviationId) ?? '' }
              : null,
        },
      ];
    }),
  );

/** Every picture a visit's rows show (photos and signatures), for loading them at once. */
export const visitPictureIds = (rows: readonly ServiceVisitRowDto[]) =>
  rows.flatMap((row) => [...row.pictureIds, ...(row.signatureFileId ? [row.signatureFileId] : [])]);
