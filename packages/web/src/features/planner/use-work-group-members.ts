import { CUSTOMER_PUSHES, type WorkGroupAssignInput, type WorkGroupMemberDto } from '@karm/domain/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPush, request } from '@/lib/socket';

/** The admin tab "resource planner": every active employee with their work group (planner.settings). */
export const getWorkGroupMembers = () => request('planner:work-group-members');
export const assignWorkGroup = (input: WorkGroupAssignInput) => request('planner:assign-work-group', input);

export const workGroupMembersQueryOptions = () =>
  queryOptions({ queryKey: ['planner', 'work-group-members'] as const, queryFn: getWorkGroupMembers });

export const useWorkGroupMembers = () => {
  const queryClient = useQueryClient();
  // Another administrator's move (or a new employee) arrives as the employees push.
  useEffect(
    () =>
      onPush(CUSTOMER_PUSHES.employeesChanged, () => {
        void queryClient.invalidateQueries({ queryKey: workGroupMembersQueryOptions().queryKey });
      }),
    [queryClient],
  );
  return useQuery(workGroupMembersQueryOptions());
};

const storeMember = (members: WorkGroupMemberDto[] | undefined, member: WorkGroupMemberDto) =>
  members?.map((current) =>
    current.id === member.id && current.version <= member.version ? member : current,
  );

export const useAssignWorkGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignWorkGroup,
    onSuccess: (member) =>
      queryClient.setQueryData(workGroupMembersQueryOptions().queryKey, (members) =>
        storeMember(members, member),
      ),
    // A refused move (someone changed the employee meanwhile) shows what is stored now.
    onError: () => queryClient.invalidateQueries({ queryKey: workGroupMembersQueryOptions().queryKey }),
  });
};
