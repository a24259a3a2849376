import { DEFAULT_DOCUMENT_LANGUAGE } from '@karm/domain/contract';
import type { Locale } from '@karm/domain/i18n';
import { useState } from 'react';
import { useCompanyStore } from '@/lib/store/company-store';

/**
 * The language a generated document (offer, work order) is shown in: the company's document
 * language until the person picks another in the viewer. Until then the request names no language,
 * so the server applies the company's setting as it is at that moment.
 */
export const useDocumentLanguage = () => {
  const companyLanguage = useCompanyStore(
    (state) => state.company?.documentLanguage ?? DEFAULT_DOCUMENT_LANGUAGE,
  );
  const [picked, setPicked] = useState<Locale | null>(null);
  return {
    /** What the PDF's link asks for: nothing until the person picks a language. */
    requested: picked ?? undefined,
    /** For the viewer's language choice. */
    language: { value: picked ?? companyLanguage, onChange: setPicked },
  };
};
