import { operationIdFactory } from './openapi-document.js';

describe('operationIdFactory', () => {
  it.each([
    ['AdminUsersController', 'list', 'listAdminUsers'],
    ['AdminUsersController', 'get', 'getAdminUser'],
    ['AdminUsersController', 'create', 'createAdminUser'],
    ['AdminUsersController', 'update', 'updateAdminUser'],
    ['AdminUsersController', 'remove', 'deleteAdminUser'],
    ['AttachmentsController', 'upload', 'uploadAttachment'],
    ['SessionController', 'upsert', 'upsertSession'],
    ['AppConfigController', 'get', 'getAppConfig'],
  ])('%s.%s → %s', (controller, method, id) => {
    expect(operationIdFactory(controller, method)).toBe(id);
  });
});
