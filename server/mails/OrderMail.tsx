// The shop's mails as React Email components: one layout (the shop's name, the content, the contact line) in the
// reader's language and direction. Every value a shopper typed arrives already cleaned (orderMails.tsx clean)
// and is put in as text, which React escapes; `dir="auto"` isolates it, so an address in the other script keeps
// its order.
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import type { MailLanguage } from './texts';

export interface MailLine {
  name: string;
  pictureUrl: string | null;
  details: string;
  /** "Quantity: 2 × 10.000 KWD", the amount kept left to right in an Arabic line */
  quantity: { label: string; count: number; unitPrice?: string };
  totalText: string;
}

export interface MailFigure {
  label: string;
  value: string;
  strong?: boolean;
}

export interface MailLink {
  label: string;
  url: string;
}

export interface OrderMailProps {
  language: MailLanguage;
  shopName: string;
  shopUrl: string;
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** The one call to action (pay now, open the order) */
  button?: MailLink;
  note?: string;
  itemsTitle?: string;
  lines?: MailLine[];
  figures?: MailFigure[];
  address?: { title: string; lines: string[]; phone: { label: string; value: string } };
  /** Further links, one a line (rate each product) */
  links?: { intro: string; items: MailLink[] };
  contact: string;
  contactEmail?: string;
  signOff: string;
  /** the list separator of the language (the plain-text part) */
  comma: string;
}

const page = {
  backgroundColor: '#f4f4f5',
  fontFamily: 'Tahoma, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const box = { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '600px', padding: '24px' };
const muted = { color: '#52525b', fontSize: '13px' };
const button = {
  backgroundColor: '#0f766e',
  borderRadius: '6px',
  color: '#ffffff',
  display: 'inline-block',
  fontWeight: 'bold',
  padding: '12px 20px',
  textDecoration: 'none',
};

/** A value from the shopper or the catalogue: its own direction, whatever the mail's. */
function Own({ children }: { children: ReactNode }) {
  return <span dir="auto">{children}</span>;
}

export function OrderMail(props: OrderMailProps) {
  const dir = props.language === 'ar' ? 'rtl' : 'ltr';
  const start = dir === 'rtl' ? 'right' : 'left';
  const end = dir === 'rtl' ? 'left' : 'right';
  return (
    <Html lang={props.language} dir={dir}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Body style={page}>
        {/* The line a mail client shows after the subject (React Email's Preview pads it with bidi marks). */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{props.preview}</div>
        <Container style={box}>
          <Text style={{ fontSize: '20px', fontWeight: 'bold', margin: 0, textAlign: start }}>
            <Link href={props.shopUrl} style={{ color: '#0f766e', textDecoration: 'none' }}>
              {props.shopName}
            </Link>
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', textAlign: start }}>
            {props.heading}
          </Heading>
          <Text style={{ textAlign: start }}>
            <Own>{props.greeting}</Own>
          </Text>
          {props.paragraphs.map((paragraph) => (
            <Text key={paragraph} style={{ textAlign: start }}>
              {paragraph}
            </Text>
          ))}
          {props.button ? (
            <Section style={{ margin: '16px 0', textAlign: 'center' }}>
              <Button href={props.button.url} style={button}>
                {props.button.label}
              </Button>
            </Section>
          ) : null}
          {props.note ? <Text style={{ ...muted, textAlign: start }}>{props.note}</Text> : null}
          {props.lines && props.lines.length > 0 ? (
            <Section>
              <Heading as="h2" style={{ fontSize: '16px', textAlign: start }}>
                {props.itemsTitle}
              </Heading>
              {props.lines.map((line, index) => (
                <Row key={index} style={{ borderTop: '1px solid #e4e4e7', padding: '8px 0' }}>
                  <Column style={{ width: '72px', verticalAlign: 'top' }}>
                    {line.pictureUrl ? (
                      <Img
                        src={line.pictureUrl}
                        alt={line.name}
                        width="64"
                        height="64"
                        style={{ borderRadius: '4px' }}
                      />
                    ) : null}
                  </Column>
                  <Column style={{ textAlign: start, verticalAlign: 'top' }}>
                    <Text style={{ margin: 0, fontWeight: 'bold' }}>
                      <Own>{line.name}</Own>
                    </Text>
                    {line.details ? (
                      <Text style={{ ...muted, margin: 0 }}>
                        <Own>{line.details}</Own>
                      </Text>
                    ) : null}
                    <Text style={{ ...muted, margin: 0 }}>
                      {line.quantity.label}: {line.quantity.count}
                      {line.quantity.unitPrice ? (
                        <>
                          {' × '}
                          <span dir="ltr">{line.quantity.unitPrice}</span>
                        </>
                      ) : null}
                    </Text>
                  </Column>
                  <Column style={{ textAlign: end, verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    <Text style={{ margin: 0 }} dir="ltr">
                      {line.totalText}
                    </Text>
                  </Column>
                </Row>
              ))}
            </Section>
          ) : null}
          {props.figures && props.figures.length > 0 ? (
            <Section style={{ borderTop: '1px solid #e4e4e7' }}>
              {props.figures.map((figure) => (
                <Row key={figure.label}>
                  <Column style={{ textAlign: start }}>
                    <Text style={{ margin: '4px 0', fontWeight: figure.strong ? 'bold' : 'normal' }}>
                      {figure.label}
                    </Text>
                  </Column>
                  <Column style={{ textAlign: end }}>
                    <Text
                      style={{ margin: '4px 0', fontWeight: figure.strong ? 'bold' : 'normal' }}
                      dir="ltr"
                    >
                      {figure.value}
                    </Text>
                  </Column>
                </Row>
              ))}
            </Section>
          ) : null}
          {props.address ? (
            <Section>
              <Heading as="h2" style={{ fontSize: '16px', textAlign: start }}>
                {props.address.title}
              </Heading>
              {props.address.lines.map((line, index) => (
                <Text key={index} style={{ margin: 0, textAlign: start }}>
                  <Own>{line}</Own>
                </Text>
              ))}
              <Text style={{ margin: 0, textAlign: start }}>
                {props.address.phone.label}: <span dir="ltr">{props.address.phone.value}</span>
              </Text>
            </Section>
          ) : null}
          {props.links && props.links.items.length > 0 ? (
            <Section>
              <Text style={{ textAlign: start }}>{props.links.intro}</Text>
              {props.links.items.map((link) => (
                <Text key={link.url} style={{ margin: '4px 0', textAlign: start }}>
                  <Link href={link.url}>
                    <Own>{link.label}</Own>
                  </Link>
                </Text>
              ))}
            </Section>
          ) : null}
          <Hr />
          <Text style={{ ...muted, textAlign: start }}>
            {props.contactEmail ? (
              <Link href={`mailto:${props.contactEmail}`} style={{ color: '#52525b' }}>
                {props.contact}
              </Link>
            ) : (
              props.contact
            )}
          </Text>
          <Text style={{ ...muted, textAlign: start }}>{props.signOff}</Text>
        </Container>
      </Body>
    </Html>
  );
}
