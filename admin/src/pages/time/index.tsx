import { Spinner } from '../../components/page-loader'
import { useEffect } from 'react'
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useCustom, useCustomMutation, useWarnAboutChange } from '@refinedev/core'
import { openingWeekBody, type OpeningWeekBody } from '@salon/shared'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { zodValidate } from '../../components/form/zod-validate'
import { SrOnly } from '../../components/sr-only'
import { useT } from '../../i18n/use-t'

const URL = '/api/business_hours/week'

/**
 * /dashboard/time: the week's opening hours — one card per weekday, a "closed" switch and any
 * number of intervals — validated by the shared schema the server runs too (a closing time not
 * after the opening, overlapping intervals), and saved at once in one transaction.
 */
export default function OpeningHoursPage() {
  const t = useT()
  const week = useCustom<OpeningWeekBody>({ url: URL, method: 'get' })
  const form = useForm<OpeningWeekBody>({ initialValues: { days: [] }, validate: zodValidate(openingWeekBody) })
  const { mutate, mutation } = useCustomMutation<{ data: OpeningWeekBody }>()
  const { setWarnWhen } = useWarnAboutChange()
  const loaded = week.query.data?.data

  useEffect(() => {
    if (!loaded) return
    form.setValues(loaded)
    form.resetDirty(loaded)
    // Only when a new answer arrives (not on every render of the form).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded])

  const dirty = form.isDirty()
  useEffect(() => setWarnWhen(dirty), [dirty, setWarnWhen])

  const save = form.onSubmit((values) =>
    mutate(
      {
        url: URL,
        method: 'put',
        values,
        successNotification: () => ({ type: 'success', message: t('time.saved') }),
        errorNotification: (e) => ({ type: 'error', message: e?.message ?? t('time.notSaved') }),
      },
      {
        onSuccess: (res) => {
          form.setValues(res.data.data)
          form.resetDirty(res.data.data)
        },
        onError: (e) => {
          if (e.errors) form.setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, String(v)])))
        },
      },
    ),
  )

  if (week.query.isError) return <Alert color="red">{week.query.error?.message}</Alert>
  if (!loaded || form.values.days.length === 0) return <Spinner label={t('loader.label')} />

  return (
    <form onSubmit={save} noValidate>
      <Stack spacing="md">
        <Group position="apart">
          <Title order={3}>{t('time.title')}</Title>
          <Button type="submit" loading={mutation.isPending} disabled={!dirty}>
            {t('time.save')}
          </Button>
        </Group>
        <SimpleGrid
          cols={3}
          breakpoints={[
            { maxWidth: 'lg', cols: 2 },
            { maxWidth: 'sm', cols: 1 },
          ]}
          spacing="md"
        >
          {form.values.days.map((day, i) => {
            const label = t.glossary.day[day.day_of_week]
            return (
              <Card key={day.day_of_week} withBorder radius="md" p="md" component="fieldset" aria-label={label}>
                <Stack spacing="xs">
                  <Group position="apart">
                    <Title order={4}>{label}</Title>
                    <Switch
                      label={t('time.closed')}
                      {...form.getInputProps(`days.${i}.is_closed`, { type: 'checkbox' })}
                    />
                  </Group>
                  {day.is_closed ? (
                    <Text size="sm">{t('time.closedAllDay')}</Text>
                  ) : (
                    <>
                      {day.intervals.map((_, j) => (
                        <Group key={j} spacing="xs" align="flex-start" noWrap>
                          <TextInput
                            type="time"
                            label={t('time.opens')}
                            sx={{ flex: 1 }}
                            {...form.getInputProps(`days.${i}.intervals.${j}.opening_time`)}
                          />
                          <TextInput
                            type="time"
                            label={t('time.closes')}
                            sx={{ flex: 1 }}
                            {...form.getInputProps(`days.${i}.intervals.${j}.closing_time`)}
                          />
                          <ActionIcon
                            mt={28}
                            color="red"
                            variant="subtle"
                            onClick={() => form.removeListItem(`days.${i}.intervals`, j)}
                          >
                            <IconTrash size={18} aria-hidden />
                            <SrOnly>{t('time.remove', { n: j + 1, day: label })}</SrOnly>
                          </ActionIcon>
                        </Group>
                      ))}
                      {form.errors[`days.${i}.intervals`] && (
                        <Text size="sm" color="red" role="alert">
                          {form.errors[`days.${i}.intervals`]}
                        </Text>
                      )}
                      <Button
                        variant="subtle"
                        size="xs"
                        leftIcon={<IconPlus size={14} />}
                        onClick={() => {
                          const last = day.intervals.at(-1)
                          form.insertListItem(`days.${i}.intervals`, {
                            opening_time: last ? last.closing_time : '09:00',
                            closing_time: last ? '19:00' : '13:00',
                          })
                        }}
                        sx={{ alignSelf: 'flex-start' }}
                      >
                        {t('time.add')}
                      </Button>
                    </>
                  )}
                </Stack>
              </Card>
            )
          })}
        </SimpleGrid>
      </Stack>
    </form>
  )
}
