import type { FastifyInstance } from 'fastify';
import { addressBookEndpoints } from '../../../contract/address-book';
import type { EndpointContext } from '../../http/register-endpoint';
import { registerEndpoint } from '../../http/register-endpoint';
import {
  addAddressBookEntry,
  deleteAddressBookEntry,
  getAddressBookEntry,
  listAddressBook,
  renameAddressBookEntry,
  restoreAddressBookEntry,
} from './service';

/** The address book of saved withdrawal addresses. */
export function registerAddressBookRoutes(app: FastifyInstance, context: EndpointContext): void {
  registerEndpoint(app, context, addressBookEndpoints.listAddressBook, ({ userId, query }) =>
    listAddressBook(context.db, userId, query),
  );
  registerEndpoint(app, context, addressBookEndpoints.getAddressBookEntry, ({ userId, params }) =>
    getAddressBookEntry(context.db, userId, params.id),
  );
  registerEndpoint(app, context, addressBookEndpoints.updateAddressBookEntry, ({ userId, params, body }) =>
    renameAddressBookEntry(context.db, userId, params.id, body.title, context.now()),
  );
  registerEndpoint(app, context, addressBookEndpoints.addAddressBookEntry, ({ userId, body }) =>
    addAddressBookEntry(context.db, userId, body, context.now()),
  );
  registerEndpoint(app, context, addressBookEndpoints.deleteAddressBookEntry, ({ userId, params }) =>
    deleteAddressBookEntry(context.db, userId, params.id, context.now()),
  );
  registerEndpoint(app, context, addressBookEndpoints.restoreAddressBookEntry, ({ userId, params }) =>
    restoreAddressBookEntry(context.db, userId, params.id, context.now()),
  );
}
