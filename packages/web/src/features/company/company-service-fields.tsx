import type { CompanyDto } from '@karm/domain/contract';
import { Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useDepartments, useEmployeeCategories } from '@/lib/api/employees';

type Option = { value: string; label: string };

/** The saved choice stays listed even when the list no longer has it (an inactive department). */
const withSaved = (options: Option[], saved: Option | null) =>
  saved && !options.some((option) => option.value === saved.value) ? [...options, saved] : options;

type ServiceForm = UseFormReturnType<{
  serviceDepartmentId: string | null;
  serviceEmployeeCategoryId: string | null;
}>;

/**
 * SPEC §3: the department service work belongs to, and the employee category whose active
 * employees are the service workers — picked from the company's own lists.
 */
export const CompanyServiceFields = ({
  form,
  company,
  isReadOnly,
}: {
  form: ServiceForm;
  company: CompanyDto;
  isReadOnly: boolean;
}) => {
  const { t } = useTranslation('company');
  const departments = useDepartments();
  const categories = useEmployeeCategories();
  const { serviceDepartment: department, serviceEmployeeCategory: category } = company;
  const picker = (field: keyof ServiceForm['values'], options: Option[], saved: Option | null) => ({
    label: t(`fields.${field.replace(/Id$/, '')}`),
    placeholder: isReadOnly ? undefined : t('service.choose'),
    readOnly: isReadOnly,
    searchable: true,
    clearable: !isReadOnly,
    // Picking the chosen option again keeps it (the clear button empties the field).
    allowDeselect: false,
    data: withSaved(options, saved),
    ...form.getInputProps(field),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        description={t('service.departmentHint')}
        nothingFoundMessage={t('service.noDepartments')}
        {...picker(
          'serviceDepartmentId',
          (departments.data ?? []).map((item) => ({ value: item.id, label: item.displayName })),
          department && { value: department.id, label: department.displayName },
        )}
      />
      <Select
        description={t('service.categoryHint')}
        nothingFoundMessage={t('service.noCategories')}
        {...picker(
          'serviceEmployeeCategoryId',
          (categories.data ?? []).map((item) => ({ value: item.id, label: item.name })),
          category && { value: category.id, label: category.name },
        )}
      />
    </SimpleGrid>
  );
};
