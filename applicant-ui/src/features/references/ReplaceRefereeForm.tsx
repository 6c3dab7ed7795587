import { Alert, Box, Button, Grid, Stack, Typography } from '@mui/material';
import { REFERENCE_MESSAGES, REFERENCE_TYPES, isSelfReference } from '@svp/domain';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { object, string } from 'yup';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { NewReferee, UserReference } from '../../api/types';
import { SelectInput, TextInput } from '../../components/form-fields';
import { errorText } from '../../state/AlertsContext';
import { serverFieldErrors } from '../availability/availabilityForm';

export const OTHER_REFEREE_EMAIL = "This is your other referee's email address: name someone else.";
export const REPLACE_REFEREE_SEND = 'Ask for a reference';

/**
 * The small form behind 'Give another referee': the type, names and email of the person who
 * replaces a referee our email could not reach. The request is sent as soon as it is saved.
 */
export function ReplaceRefereeForm({
  reference,
  otherEmail,
  accountEmail,
  contactEmail,
  onCancel,
  onReplaced,
  onRefused,
}: {
  reference: UserReference;
  /** The other referee's address: the same person cannot give both references. */
  otherEmail: string | null;
  accountEmail: string;
  contactEmail: string;
  onCancel: () => void;
  onReplaced: (referee: NewReferee) => void;
  /** The reference can no longer be replaced (409): the list is loaded again. */
  onRefused: (message: string) => void;
}) {
  const prefix = `referee-${reference.slot}`;
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the cursor goes to the form's heading, where reading continues.
  useEffect(() => heading.current?.focus(), []);
  const schema = useMemo(
    () =>
      object({
        referenceType: string().required('Choose the type of reference.'),
        firstName: string().trim().required("Enter the referee's first name."),
        lastName: string().trim().required("Enter the referee's last name."),
        email: string()
          .trim()
          .required("Enter the referee's email address.")
          .email('Enter a valid email address, like name@example.org.')
          .test('not-self', REFERENCE_MESSAGES.selfReference, (email) => !isSelfReference(accountEmail, email))
          .test('not-other', OTHER_REFEREE_EMAIL, (email) => !isSelfReference(otherEmail, email)),
      }),
    [accountEmail, otherEmail],
  );

  const submit = async (values: NewReferee, helpers: FormikHelpers<NewReferee>) => {
    setFailure(null);
    const referee = {
      referenceType: values.referenceType,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    };
    try {
      await endpoints.replaceReferee(reference.slot, referee);
      onReplaced(referee);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onRefused(error.message);
        return;
      }
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        const fields = serverFieldErrors(error.errors);
        helpers.setErrors(fields.errors);
        void helpers.setTouched(fields.touched, false);
      }
      setFailure(errorText(error, contactEmail));
    }
  };

  const headingId = `${prefix}-replace-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      id={`${prefix}-replace`}
      sx={{ mt: 2, p: { xs: 1.5, sm: 2 }, bgcolor: 'grey.50', borderRadius: 1 }}
    >
      <Typography
        variant="subtitle1"
        component="h3"
        id={headingId}
        ref={heading}
        tabIndex={-1}
        sx={{ fontWeight: 'bold', mb: 1, outline: 'none' }}
      >
        Another referee instead of {reference.firstName} {reference.lastName}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        We email them at once with a link to the reference form.
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Formik<NewReferee>
        initialValues={{ referenceType: '', firstName: '', lastName: '', email: '' }}
        validationSchema={schema}
        onSubmit={submit}
      >
        {(formik) => (
          <Form noValidate aria-labelledby={headingId}>
            <Grid container spacing={2}>
              <Grid size={12}>
                <SelectInput
                  name="referenceType"
                  id={`${prefix}-referenceType`}
                  label="Type of Reference"
                  choices={REFERENCE_TYPES}
                  required
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput name="firstName" id={`${prefix}-firstName`} label="First Name" autoComplete="off" required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextInput name="lastName" id={`${prefix}-lastName`} label="Last Name" autoComplete="off" required />
              </Grid>
              <Grid size={12}>
                <TextInput name="email" id={`${prefix}-email`} label="Email" type="email" autoComplete="off" required />
              </Grid>
            </Grid>
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
                {REPLACE_REFEREE_SEND}
              </Button>
              <Button onClick={onCancel} disabled={formik.isSubmitting}>
                Cancel
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Box>
  );
}
