import { MessageTemplate } from './message-template.entity.js';
import { OutreachMessage } from './outreach-message.entity.js';
import { OutreachRecipient } from './outreach-recipient.entity.js';
import { OutreachSegment } from './outreach-segment.entity.js';

/** The entities of outreach (issue 30), for the data source's entity list. */
export const OUTREACH_ENTITIES = [OutreachSegment, MessageTemplate, OutreachRecipient, OutreachMessage];
