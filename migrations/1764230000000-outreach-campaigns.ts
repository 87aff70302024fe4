import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A seeded reminder template: key, name, and subject and body per language. */
interface SeedTemplate {
  kind: string;
  key: string;
  name: string;
  days: number;
  content: Record<'en' | 'es' | 'zh-CN', { subject: string; body: string }>;
}

/**
 * The five reminder rules' default templates (transactional: about the applicant's own application), in the
 * three languages, using only the foundation's variables (`{{greetingName}}`, `{{program}}`, `{{term}}`,
 * `{{deadline}}`, `{{link}}`, `{{continueLink}}`, `{{referenceNumber}}`). The office edits them in the console.
 */
const TEMPLATES: SeedTemplate[] = [
  {
    kind: 'draft_idle',
    key: 'reminder-draft-idle',
    name: 'Reminder: unfinished application',
    days: 7,
    content: {
      en: {
        subject: 'Your application for {{program}} is waiting for you',
        body: 'Dear {{greetingName}},\n\nYou started an application for {{program}} ({{term}}) and have not finished it yet. Everything you entered is saved: this link opens the step where you stopped.\n{{link}}\n\nIf the link no longer works, you can ask for a new one at {{continueLink}}.\n\nThe Admissions Office',
      },
      es: {
        subject: 'Su solicitud para {{program}} le está esperando',
        body: 'Estimado/a {{greetingName}}:\n\nUsted comenzó una solicitud para {{program}} ({{term}}) y aún no la ha terminado. Todo lo que escribió está guardado: este enlace abre el paso donde se detuvo.\n{{link}}\n\nSi el enlace ya no funciona, puede pedir uno nuevo en {{continueLink}}.\n\nLa Oficina de Admisiones',
      },
      'zh-CN': {
        subject: '您的{{program}}申请正在等您完成',
        body: '{{greetingName}}，您好：\n\n您已开始申请{{program}}（{{term}}），但尚未完成。您填写的内容均已保存：打开此链接即可回到您停下的步骤。\n{{link}}\n\n如果链接已失效，您可以在 {{continueLink}} 申请新链接。\n\n招生办公室',
      },
    },
  },
  {
    kind: 'fee_unpaid',
    key: 'reminder-fee-unpaid',
    name: 'Reminder: application fee not paid',
    days: 3,
    content: {
      en: {
        subject: 'One step left: the application fee for {{program}}',
        body: 'Dear {{greetingName}},\n\nYou signed and certified your application for {{program}} ({{term}}), but the application fee has not been paid yet. Your application is submitted once the fee is paid. To pay it, open this link:\n{{link}}\n\nThe Admissions Office',
      },
      es: {
        subject: 'Le falta un paso: la tarifa de solicitud de {{program}}',
        body: 'Estimado/a {{greetingName}}:\n\nUsted firmó y certificó su solicitud para {{program}} ({{term}}), pero la tarifa de solicitud aún no se ha pagado. Su solicitud queda enviada cuando se paga la tarifa. Para pagarla, abra este enlace:\n{{link}}\n\nLa Oficina de Admisiones',
      },
      'zh-CN': {
        subject: '只差一步：支付{{program}}的申请费',
        body: '{{greetingName}}，您好：\n\n您已签署并确认了{{program}}（{{term}}）的申请，但申请费尚未支付。支付申请费后，您的申请即告提交。如需支付，请打开此链接：\n{{link}}\n\n招生办公室',
      },
    },
  },
  {
    kind: 'document_missing',
    key: 'reminder-document-missing',
    name: 'Reminder: a document is missing before the deadline',
    days: 7,
    content: {
      en: {
        subject: 'A document is still missing from your application for {{program}}',
        body: 'Dear {{greetingName}},\n\nSome documents your application for {{program}} ({{term}}), reference number {{referenceNumber}}, needs have not arrived yet, and the deadline is {{deadline}}. To upload them, open this link:\n{{link}}\n\nThe Admissions Office',
      },
      es: {
        subject: 'Todavía falta un documento en su solicitud para {{program}}',
        body: 'Estimado/a {{greetingName}}:\n\nAún no han llegado algunos documentos que necesita su solicitud para {{program}} ({{term}}), número de referencia {{referenceNumber}}, y la fecha límite es el {{deadline}}. Para subirlos, abra este enlace:\n{{link}}\n\nLa Oficina de Admisiones',
      },
      'zh-CN': {
        subject: '您的{{program}}申请仍缺少材料',
        body: '{{greetingName}}，您好：\n\n您的{{program}}（{{term}}）申请（参考编号 {{referenceNumber}}）所需的部分材料尚未收到，截止时间为 {{deadline}}。如需上传，请打开此链接：\n{{link}}\n\n招生办公室',
      },
    },
  },
  {
    kind: 'recommender_unanswered',
    key: 'reminder-recommender-unanswered',
    name: 'Reminder: a recommender has not answered',
    days: 10,
    content: {
      en: {
        subject: 'A recommendation for your application for {{program}} has not arrived',
        body: 'Dear {{greetingName}},\n\nA recommender you named for your application for {{program}} ({{term}}) has not answered yet. You may want to contact them, resend the request or name another recommender. To see where each recommendation stands, open this link:\n{{link}}\n\nThe Admissions Office',
      },
      es: {
        subject: 'No ha llegado una recomendación para su solicitud para {{program}}',
        body: 'Estimado/a {{greetingName}}:\n\nUn recomendante que usted indicó para su solicitud para {{program}} ({{term}}) todavía no ha respondido. Puede comunicarse con esa persona, reenviar la solicitud o indicar otro recomendante. Para ver el estado de cada recomendación, abra este enlace:\n{{link}}\n\nLa Oficina de Admisiones',
      },
      'zh-CN': {
        subject: '您的{{program}}申请尚未收到一封推荐信',
        body: '{{greetingName}}，您好：\n\n您为{{program}}（{{term}}）申请指定的一位推荐人尚未回复。您可以联系对方、重新发送请求或指定其他推荐人。如需查看每封推荐信的状态，请打开此链接：\n{{link}}\n\n招生办公室',
      },
    },
  },
  {
    kind: 'reply_deadline',
    key: 'reminder-reply-deadline',
    name: 'Reminder: the reply deadline is near',
    days: 3,
    content: {
      en: {
        subject: 'Please reply to your admission decision for {{program}}',
        body: 'Dear {{greetingName}},\n\nThe deadline to reply to the admission decision on your application for {{program}} ({{term}}), reference number {{referenceNumber}}, is only a few days away. To read the letter and reply, open this link:\n{{link}}\n\nThe Admissions Office',
      },
      es: {
        subject: 'Responda a la decisión de admisión para {{program}}',
        body: 'Estimado/a {{greetingName}}:\n\nFaltan pocos días para la fecha límite de respuesta a la decisión de admisión de su solicitud para {{program}} ({{term}}), número de referencia {{referenceNumber}}. Para leer la carta y responder, abra este enlace:\n{{link}}\n\nLa Oficina de Admisiones',
      },
      'zh-CN': {
        subject: '请回复您的{{program}}录取决定',
        body: '{{greetingName}}，您好：\n\n距离您回复{{program}}（{{term}}）申请（参考编号 {{referenceNumber}}）录取决定的截止时间只剩几天。如需查看通知书并回复，请打开此链接：\n{{link}}\n\n招生办公室',
      },
    },
  },
];

/**
 * Issue 30 items 3 and 4 (automatic reminders and campaigns), on the outreach foundation (1764220000000):
 * - `outreach_campaigns`: a one-time message (a template) to a segment. `send_at_local` is a wall-clock
 *   time without a zone (`YYYY-MM-DDTHH:mm`, checked as a real date by the API); `zone_mode` says whose: `applicant` — each applicant's own time zone (the
 *   application's `time_zone`, the office's zone when it has none), so everyone gets it at that local time;
 *   `office` — the office's zone (America/New_York), one instant for all. `starts_at` is the first instant it
 *   may send (computed when scheduled). `per_minute` throttles the sends; the status is an allow-list
 *   (draft → scheduled → running → done; paused; cancelled). `runner_id` / `runner_lease_until` let one
 *   replica at a time work on a campaign (a lease renewed while it works; a dead replica's lease runs out);
 *   `wake_at`: a running campaign waiting for a later zone's time or a retry is not handed on before it.
 *   The messages themselves are rows of `outreach_messages` (source `campaign`, unique per application):
 *   the counts are computed from them.
 * - `outreach_rules`: the five automatic reminders (kind allow-list), each off until the office switches it
 *   on, with its N `days`, its template and `weekly_cap` (K: sent only while the applicant received fewer
 *   than K reminders, any rule, in the last 7 days). Seeded off, with the default templates above (keys
 *   `reminder-…`; an existing template with the key is kept and used).
 */
export class OutreachCampaigns1764230000000 implements MigrationInterface {
  name = 'OutreachCampaigns1764230000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outreach_campaigns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        segment_id uuid NOT NULL REFERENCES outreach_segments(id) ON DELETE RESTRICT,
        template_id uuid NOT NULL REFERENCES outreach_templates(id) ON DELETE RESTRICT,
        send_at_local text CHECK (send_at_local ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$'),
        zone_mode text NOT NULL DEFAULT 'applicant' CHECK (zone_mode IN ('applicant', 'office')),
        per_minute integer NOT NULL DEFAULT 60 CHECK (per_minute BETWEEN 1 AND 60000),
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'scheduled', 'running', 'paused', 'cancelled', 'done')),
        starts_at timestamptz,
        started_at timestamptz,
        audience_claimed_at timestamptz,
        finished_at timestamptz,
        runner_id text,
        runner_lease_until timestamptz,
        wake_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (status = 'draft' OR (send_at_local IS NOT NULL AND starts_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX outreach_campaigns_status ON outreach_campaigns (status, starts_at)`);
    await q.query(`
      CREATE TABLE outreach_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL UNIQUE
          CHECK (kind IN ('draft_idle', 'fee_unpaid', 'document_missing', 'recommender_unanswered', 'reply_deadline')),
        enabled boolean NOT NULL DEFAULT false,
        days integer NOT NULL CHECK (days BETWEEN 1 AND 365),
        template_id uuid NOT NULL REFERENCES outreach_templates(id) ON DELETE RESTRICT,
        weekly_cap integer NOT NULL DEFAULT 2 CHECK (weekly_cap BETWEEN 1 AND 20),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const t of TEMPLATES) {
      await q.query(
        `INSERT INTO outreach_templates (key, name, kind, content) VALUES ($1, $2, 'transactional', $3::jsonb) ON CONFLICT (key) DO NOTHING`,
        [t.key, t.name, JSON.stringify(t.content)],
      );
      await q.query(
        `INSERT INTO outreach_rules (kind, enabled, days, template_id, weekly_cap)
         SELECT $1, false, $2, id, 2 FROM outreach_templates WHERE key = $3`,
        [t.kind, t.days, t.key],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outreach_rules, outreach_campaigns`);
    await q.query(
      `DELETE FROM outreach_templates t WHERE key = ANY($1) AND NOT EXISTS (SELECT 1 FROM outreach_messages m WHERE m.template_id = t.id)`,
      [TEMPLATES.map((t) => t.key)],
    );
  }
}
