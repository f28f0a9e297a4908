import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Deleting an image that a service, an operator, a banner or a user's profile used was silently
 * emptying those fields (ON DELETE SET NULL): the service lost its picture without anyone being
 * told. Now the database refuses it (RESTRICT); the Upload collection's beforeDelete hook answers
 * first with a clear 409 IMAGE_IN_USE naming where the image is used.
 */
const FKS = [
  ['services', 'services_image_id_upload_id_fk', 'image_id'],
  ['operators', 'operators_image_id_upload_id_fk', 'image_id'],
  ['banner', 'banner_image_id_upload_id_fk', 'image_id'],
  ['users', 'users_upload_id_upload_id_fk', 'upload_id'],
] as const

const alter = (onDelete: 'restrict' | 'set null') =>
  FKS.map(
    ([table, fk, column]) =>
      `ALTER TABLE "${table}" DROP CONSTRAINT "${fk}";
       ALTER TABLE "${table}" ADD CONSTRAINT "${fk}" FOREIGN KEY ("${column}")
         REFERENCES "public"."upload"("id") ON DELETE ${onDelete} ON UPDATE no action;`,
  ).join('\n')

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(alter('restrict')))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(alter('set null')))
}
