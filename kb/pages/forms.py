from django import forms

from kb.models import Report


class ReportForm(forms.ModelForm):
    # Declared, not derived from the model: a model field with choices gets a blank "---------" radio, picked.
    reason = forms.ChoiceField(choices=Report.Reason.choices, widget=forms.RadioSelect, label="Reason")

    class Meta:
        model = Report
        fields = ["reason", "details", "email"]
        widgets = {"details": forms.Textarea(attrs={"rows": 4, "maxlength": 4000})}
        labels = {"details": "What should change? (optional)", "email": "Your email, if you want an answer (optional)"}
        help_texts = {"email": ""}  # the label says it already
