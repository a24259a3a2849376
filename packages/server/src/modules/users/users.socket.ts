import { socketModule } from '../../platform/realtime/socket-module';
import { getRolePermissions, updateRolePermissions } from './role-permissions.service';
import { createUser } from './user-create';
import { deactivateUser, deleteUser, reactivateUser, sendInvitationAgain } from './user-lifecycle';
import { updateUser } from './user-update';
import { getUser, listUsers } from './users.service';

/** Everything in the users admin and the role-permission screen is for whoever may manage users. */
const MANAGE = 'users.manage';

export const userEvents = socketModule({
  'permissions:get': { access: MANAGE, useCase: (ctx, actor) => getRolePermissions(ctx, actor) },
  'permissions:update': { access: MANAGE, useCase: updateRolePermissions },
  'users:list': { access: MANAGE, useCase: listUsers },
  'users:get': { access: MANAGE, useCase: getUser },
  'users:create': { access: MANAGE, useCase: createUser },
  'users:update': { access: MANAGE, useCase: updateUser },
  'users:deactivate': { access: MANAGE, useCase: deactivateUser },
  'users:reactivate': { access: MANAGE, useCase: reactivateUser },
  'users:delete': { access: MANAGE, useCase: deleteUser },
  'users:send-invitation': { access: MANAGE, useCase: sendInvitationAgain },
});
